import { describe, it } from 'vitest';
import type { LocalPostContent, LocationContentEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { contentDecider } from './content-decider';

const spec = deciderSpec(contentDecider);
const at = '2026-11-24T10:00:00.000Z';
const target = { locationId: 'l1', companyId: 'c1', at };
const base = { locationId: 'l1', companyId: 'c1' };
const content: LocalPostContent = { TopicType: 'STANDARD', Summary: 'Hello', MediaUrl: null, CallToAction: null, Event: null, Offer: null };
const requested: LocationContentEvent = {
  type: 'LocalPostRequested',
  data: { ...base, postId: 'p1', key: 'k1', origin: 'details', content, requestedAt: at },
};
const googlePost = { name: 'accounts/1/locations/2/localPosts/9', state: 'LIVE', createTime: at, searchUrl: null, googleMediaUrl: null, content };

describe('location content decider', () => {
  it('requests a post once per key: the same key again creates nothing', () => {
    const request = { type: 'RequestLocalPost' as const, ...target, postId: 'p1', key: 'k1', origin: 'details', content };
    spec.given([]).when(request).then([requested]);
    spec.given([requested]).when(request).then([]);
  });

  it('deletes a post on Google, once; a post Google refused goes at once; an unknown post is 404', () => {
    const published: LocationContentEvent = { type: 'LocalPostPublished', data: { ...base, postId: 'p1', post: googlePost } };
    const del = { type: 'DeleteLocalPost' as const, ...target, postId: 'p1', requestId: 'r1' };
    const deleteRequested: LocationContentEvent = { type: 'LocalPostDeleteRequested', data: { ...base, postId: 'p1', requestId: 'r1' } };
    spec.given([requested, published]).when(del).then([deleteRequested]);
    spec
      .given([requested, published, deleteRequested])
      .when({ ...del, requestId: 'r2' })
      .then([]);
    const failed: LocationContentEvent = { type: 'LocalPostFailed', data: { ...base, postId: 'p1', code: 'GOOGLE.INVALID_ARGUMENT', message: 'no' } };
    spec
      .given([requested, failed])
      .when(del)
      .then([{ type: 'LocalPostDeleted', data: { ...base, postId: 'p1', requestId: 'r1' } }]);
    spec.given([]).when(del).thenThrows({ code: 'POST.NOT_FOUND', kind: 'not_found' });
  });

  it('knows the posts a refresh brings, and forgets those Google no longer lists', () => {
    const refreshed = (names: string[]): LocationContentEvent => ({
      type: 'LocationPostsRefreshed',
      data: { ...base, refreshedAt: at, posts: names.map((n) => ({ ...googlePost, name: n, postId: `id-${n}` })) },
    });
    const del = { type: 'DeleteLocalPost' as const, ...target, postId: 'id-a', requestId: 'r1' };
    spec
      .given([refreshed(['a', 'b'])])
      .when(del)
      .then([{ type: 'LocalPostDeleteRequested', data: { ...base, postId: 'id-a', requestId: 'r1' } }]);
    spec
      .given([refreshed(['a', 'b']), refreshed(['b'])])
      .when(del)
      .thenThrows('POST.NOT_FOUND');
    // a post still waiting for Google survives a refresh
    spec
      .given([requested, refreshed(['b'])])
      .when({ ...del, postId: 'p1' })
      .then([{ type: 'LocalPostDeleteRequested', data: { ...base, postId: 'p1', requestId: 'r1' } }]);
  });

  it('requests a photo once and deletes it', () => {
    const request = {
      type: 'RequestMedia' as const,
      ...target,
      mediaId: 'm1',
      category: 'COVER' as const,
      blobKey: 'location-media/x.png',
      sourceUrl: '/media/location-media/x.png',
    };
    const mediaRequested: LocationContentEvent = {
      type: 'LocationMediaRequested',
      data: { ...base, mediaId: 'm1', category: 'COVER', blobKey: 'location-media/x.png', sourceUrl: '/media/location-media/x.png', requestedAt: at },
    };
    spec.given([]).when(request).then([mediaRequested]);
    spec.given([mediaRequested]).when(request).then([]);
    spec
      .given([])
      .when({ type: 'DeleteMedia', ...target, mediaId: 'm1', requestId: 'r1' })
      .thenThrows('MEDIA.ITEM_NOT_FOUND');
    spec
      .given([mediaRequested])
      .when({ type: 'DeleteMedia', ...target, mediaId: 'm1', requestId: 'r1' })
      .then([{ type: 'LocationMediaDeleteRequested', data: { ...base, mediaId: 'm1', requestId: 'r1' } }]);
  });

  it("records Google's decision on a post it held for review, once, and nothing for a post it never held", () => {
    const name = googlePost.name;
    const inReview: LocationContentEvent = { type: 'LocalPostPublished', data: { ...base, postId: 'p1', post: { ...googlePost, state: 'PROCESSING' } } };
    const review = (googleState: string) => ({
      type: 'RecordGoogleReview' as const,
      ...target,
      postId: 'p1',
      googlePostName: name,
      googleState,
      searchUrl: 'https://g/p1',
    });
    const approved: LocationContentEvent = {
      type: 'LocalPostApprovedByGoogle',
      data: { ...base, postId: 'p1', googlePostName: name, searchUrl: 'https://g/p1', reviewedAt: at },
    };
    const rejected: LocationContentEvent = { type: 'LocalPostRejectedByGoogle', data: { ...base, postId: 'p1', googlePostName: name, reviewedAt: at } };
    spec.given([requested, inReview]).when(review('LIVE')).then([approved]);
    spec.given([requested, inReview]).when(review('REJECTED')).then([rejected]);
    // still in review, decided already, never held, or another post under that name
    spec.given([requested, inReview]).when(review('PROCESSING')).then([]);
    spec.given([requested, inReview, approved]).when(review('REJECTED')).then([]);
    spec.given([requested, inReview, rejected]).when(review('LIVE')).then([]);
    spec
      .given([requested, { type: 'LocalPostPublished', data: { ...base, postId: 'p1', post: googlePost } }])
      .when(review('REJECTED'))
      .then([]);
    spec
      .given([requested, inReview])
      .when({ ...review('LIVE'), googlePostName: 'accounts/1/locations/2/localPosts/8' })
      .then([]);
    spec.given([]).when(review('LIVE')).then([]);
    // a post a refresh finds in review is followed too
    const refreshedInReview: LocationContentEvent = {
      type: 'LocationPostsRefreshed',
      data: { ...base, refreshedAt: at, posts: [{ ...googlePost, state: 'PROCESSING', postId: 'p1' }] },
    };
    spec.given([refreshedInReview]).when(review('LIVE')).then([approved]);
  });
});
