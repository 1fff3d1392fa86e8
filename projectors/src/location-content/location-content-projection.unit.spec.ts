import { describe, expect, it } from 'vitest';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import { LOCATION_MEDIA_COLLECTION, LOCATION_POSTS_COLLECTION, type LocalPostContent, type LocationContentEvent } from '@locus/contracts';
import { locationContentProjection } from './location-content-projection';

const at = '2026-11-24T10:00:00.000Z';
const base = { locationId: 'l1', companyId: 'c1' };
const content = (summary: string): LocalPostContent => ({
  TopicType: 'STANDARD',
  Summary: summary,
  MediaUrl: null,
  CallToAction: null,
  Event: null,
  Offer: null,
});
const googlePost = (name: string, summary: string) => ({
  name,
  state: 'LIVE',
  createTime: at,
  searchUrl: `https://g/${name}`,
  googleMediaUrl: null,
  content: content(summary),
});
const media = (name: string, category: string) => ({
  name,
  category,
  mediaFormat: 'PHOTO',
  sourceUrl: null,
  googleUrl: `https://g/${name}`,
  thumbnailUrl: null,
  viewCount: 7,
  createTime: at,
  width: 1600,
  height: 900,
});
const history = (events: LocationContentEvent[]) => {
  const record = recorder(at);
  return events.map((e) => record(e.type, e.data, 'c1'));
};
const given = async (events: LocationContentEvent[]) => {
  const memory = await projectInMemory(locationContentProjection, history(events));
  return { doc: (collection: string, id: string): any => memory.all(collection).find((d) => d._id === id) };
};

describe('location content projection', () => {
  it('puts a new post on top, then shows what Google made of it, or why Google refused it', async () => {
    const refreshed: LocationContentEvent = {
      type: 'LocationPostsRefreshed',
      data: { ...base, refreshedAt: at, posts: [{ ...googlePost('old', 'Old'), postId: 'o' }] },
    };
    const requested: LocationContentEvent = {
      type: 'LocalPostRequested',
      data: { ...base, postId: 'p1', key: 'k', origin: 'details', content: content('New'), requestedAt: at },
    };
    const pending = await given([refreshed, requested]);
    expect(pending.doc(LOCATION_POSTS_COLLECTION, 'l1')?.posts.map((p: { PostId: string; State: string }) => [p.PostId, p.State])).toEqual([
      ['p1', 'PENDING'],
      ['o', 'LIVE'],
    ]);
    const rejected = await given([
      refreshed,
      requested,
      { type: 'LocalPostPublished', data: { ...base, postId: 'p1', post: { ...googlePost('new', 'New'), state: 'REJECTED' } } },
    ]);
    expect(rejected.doc(LOCATION_POSTS_COLLECTION, 'l1')?.posts[0]).toMatchObject({ PostId: 'p1', Name: 'new', State: 'REJECTED' });
    const failed = await given([
      refreshed,
      requested,
      { type: 'LocalPostFailed', data: { ...base, postId: 'p1', code: 'GOOGLE.INVALID_ARGUMENT', message: 'callToAction.url: a valid URL is required' } },
    ]);
    expect(failed.doc(LOCATION_POSTS_COLLECTION, 'l1')?.posts[0]).toMatchObject({ State: 'FAILED', Error: 'callToAction.url: a valid URL is required' });
    // a refresh keeps Locus's refused post on top and takes Google's list for the rest
    const again = await given([refreshed, requested, { type: 'LocalPostFailed', data: { ...base, postId: 'p1', code: 'X', message: 'no' } }, refreshed]);
    expect(again.doc(LOCATION_POSTS_COLLECTION, 'l1')?.posts.map((p: { PostId: string }) => p.PostId)).toEqual(['p1', 'o']);
  });

  it('shows a post Google holds for review as PROCESSING until Google decides, then live or rejected', async () => {
    const requested: LocationContentEvent = {
      type: 'LocalPostRequested',
      data: { ...base, postId: 'p1', key: 'k', origin: 'details', content: content('See https://example.com'), requestedAt: at },
    };
    const held: LocationContentEvent = {
      type: 'LocalPostPublished',
      data: { ...base, postId: 'p1', post: { ...googlePost('new', 'See https://example.com'), state: 'PROCESSING', searchUrl: null } },
    };
    const reviewed = { ...base, postId: 'p1', googlePostName: 'new', reviewedAt: at };
    const state = async (events: LocationContentEvent[]) => (await given(events)).doc(LOCATION_POSTS_COLLECTION, 'l1')?.posts[0];
    expect(await state([requested, held])).toMatchObject({ PostId: 'p1', State: 'PROCESSING', SearchUrl: null });
    expect(await state([requested, held, { type: 'LocalPostApprovedByGoogle', data: { ...reviewed, searchUrl: 'https://g/new' } }])).toMatchObject({
      State: 'LIVE',
      SearchUrl: 'https://g/new',
    });
    expect(await state([requested, held, { type: 'LocalPostRejectedByGoogle', data: reviewed }])).toMatchObject({ State: 'REJECTED' });
    // a post being deleted stays so whatever Google decided
    const deleting: LocationContentEvent = { type: 'LocalPostDeleteRequested', data: { ...base, postId: 'p1', requestId: 'r' } };
    expect(await state([requested, held, deleting, { type: 'LocalPostRejectedByGoogle', data: reviewed }])).toMatchObject({ State: 'DELETING' });
    // a delete that fails shows the post as it was, or as Google decided meanwhile, not live
    const deleteFailed: LocationContentEvent = {
      type: 'LocalPostDeleteFailed',
      data: { ...base, postId: 'p1', requestId: 'r', code: 'GOOGLE.UNAVAILABLE', message: 'Google is not answering' },
    };
    expect(await state([requested, held, deleting, deleteFailed])).toMatchObject({ State: 'PROCESSING', Error: 'Google is not answering' });
    expect(await state([requested, held, deleting, { type: 'LocalPostRejectedByGoogle', data: reviewed }, deleteFailed])).toMatchObject({
      State: 'REJECTED',
    });
    const doc = (await given([requested, held, deleting, deleteFailed])).doc(LOCATION_POSTS_COLLECTION, 'l1');
    expect(doc?.stateBeforeDelete).toBeUndefined();
  });

  it('keeps one cover: a new cover makes the previous one an additional photo; a deleted photo leaves', async () => {
    const refreshed: LocationContentEvent = {
      type: 'LocationMediaRefreshed',
      data: { ...base, refreshedAt: at, items: [{ ...media('a', 'COVER'), mediaId: 'a' }] },
    };
    const requested: LocationContentEvent = {
      type: 'LocationMediaRequested',
      data: { ...base, mediaId: 'm1', category: 'COVER', blobKey: 'k', sourceUrl: '/media/location-media/k.png', requestedAt: at },
    };
    const added: LocationContentEvent = { type: 'LocationMediaAdded', data: { ...base, mediaId: 'm1', item: media('b', 'COVER') } };
    const p = await given([refreshed, requested, added]);
    expect(
      p
        .doc(LOCATION_MEDIA_COLLECTION, 'l1')
        ?.items.map((i: { MediaId: string; LocationAssociationCategory: string }) => [i.MediaId, i.LocationAssociationCategory]),
    ).toEqual([
      ['m1', 'COVER'],
      ['a', 'ADDITIONAL'],
    ]);
    const gone = await given([
      refreshed,
      { type: 'LocationMediaDeleteRequested', data: { ...base, mediaId: 'a', requestId: 'r' } },
      { type: 'LocationMediaDeleted', data: { ...base, mediaId: 'a', requestId: 'r' } },
    ]);
    expect(gone.doc(LOCATION_MEDIA_COLLECTION, 'l1')?.items).toEqual([]);
  });
});
