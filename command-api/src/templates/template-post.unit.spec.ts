import { describe, it } from 'vitest';
import type { TemplateEvent, TemplatePost } from '@locus/contracts';
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
});
