import { describe, it } from 'vitest';
import { templateMessages, type TemplateEvent, type TemplatePost } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { templatePostDecider, type TemplatePostCommand } from './template-post';

const spec = deciderSpec(templatePostDecider);
const post: TemplatePost = { TopicType: 'STANDARD', TemplateContent: '<p>Hello</p>', MediaItemUrl: null, CallToAction: null, Event: null, Offer: null };
const at = { templateId: 't1', companyId: 'c1', locationId: 'l1' };
const requested: TemplateEvent = { type: 'TemplatePostRequested', data: { ...at, publishId: 'p1', post } };
const started: TemplateEvent = {
  type: 'TemplatePostStarted',
  data: { templateId: 't1', locationId: 'l1', attemptId: 'a1', startedAt: '2026-11-28T10:00:00.000Z' },
};
const failed: TemplateEvent = {
  type: 'TemplatePostFailed',
  data: {
    ...at,
    locationName: 'Garcia Family Dental - Atlanta',
    code: 'GOOGLE.UNAVAILABLE',
    message: 'Google is unavailable',
    failedAt: '2026-11-28T10:00:01.000Z',
  },
};
const retry: TemplatePostCommand = { type: 'RetryTemplatePost', ...at, retryId: 'r1' };
const retryRequested: TemplateEvent = { type: 'TemplatePostRetryRequested', data: { ...at, retryId: 'r1' } };

describe('template post decider', () => {
  it('retries a failed post', () => {
    spec.given([requested, started, failed]).when(retry).then([retryRequested]);
  });

  it('retries nothing that is not failed: requested, in flight, already retried, or another company’s', () => {
    spec.given([]).when(retry).then([]);
    spec.given([requested]).when(retry).then([]);
    spec.given([requested, started]).when(retry).then([]);
    spec.given([requested, started, failed, retryRequested]).when(retry).then([]);
    spec
      .given([requested, started, failed])
      .when({ ...retry, companyId: 'c2' })
      .then([]);
  });

  it("records Google's decision on a post it held for review: approved, or rejected as final", () => {
    const googlePostName = 'accounts/1/locations/2/localPosts/9';
    const created = (state: 'LIVE' | 'PROCESSING'): TemplateEvent => ({
      type: 'TemplatePostCreated',
      data: {
        ...at,
        locationName: 'Garcia Family Dental - Atlanta',
        googlePostName,
        searchUrl: null,
        summary: 'Hello',
        createdAt: '2026-11-28T10:00:01.000Z',
        recovered: false,
        state,
      },
    });
    const review = (googleState: string): TemplatePostCommand => ({
      type: 'RecordTemplatePostReview',
      ...at,
      googlePostName,
      googleState,
      searchUrl: 'https://g/9',
      summary: 'Hello',
      locationName: 'Garcia Family Dental - Atlanta',
      at: '2026-11-28T10:05:00.000Z',
    });
    const approved: TemplateEvent = {
      type: 'TemplatePostApprovedByGoogle',
      data: { ...at, googlePostName, searchUrl: 'https://g/9', approvedAt: '2026-11-28T10:05:00.000Z' },
    };
    const rejected: TemplateEvent = {
      type: 'TemplatePostRejected',
      data: {
        ...at,
        locationName: 'Garcia Family Dental - Atlanta',
        googlePostName,
        summary: 'Hello',
        reason: templateMessages.postRejected,
        rejectedAt: '2026-11-28T10:05:00.000Z',
      },
    };
    const inReview = [requested, started, created('PROCESSING')];
    spec.given(inReview).when(review('LIVE')).then([approved]);
    spec.given(inReview).when(review('REJECTED')).then([rejected]);
    spec.given(inReview).when(review('PROCESSING')).then([]);
    // deleted on Google while in review: failed, so a retry can post it anew
    const gone: TemplateEvent = {
      type: 'TemplatePostFailed',
      data: {
        ...at,
        locationName: 'Garcia Family Dental - Atlanta',
        code: 'GOOGLE.NOT_FOUND',
        message: templateMessages.postGoneFromGoogle,
        failedAt: '2026-11-28T10:05:00.000Z',
      },
    };
    spec.given(inReview).when(review('GONE')).then([gone]);
    spec
      .given([...inReview, gone])
      .when(retry)
      .then([retryRequested]);
    spec
      .given([...inReview, approved])
      .when(review('REJECTED'))
      .then([]);
    spec
      .given([...inReview, rejected])
      .when(review('LIVE'))
      .then([]);
    spec
      .given([requested, started, created('LIVE')])
      .when(review('REJECTED'))
      .then([]);
    spec
      .given(inReview)
      .when({ ...review('LIVE'), companyId: 'c2' })
      .then([]);
    // a rejected post is final: a retry does not send it again
    spec
      .given([...inReview, rejected])
      .when(retry)
      .then([]);
  });
});
