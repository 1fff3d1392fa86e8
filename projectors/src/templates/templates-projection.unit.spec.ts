import { describe, expect, it } from 'vitest';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import {
  POST_TEMPLATE_LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOGS_COLLECTION,
  POST_TEMPLATES_COLLECTION,
  type TemplateEvent,
  type TemplatePost,
} from '@locus/contracts';
import { templatesProjection } from './templates-projection';

const post: TemplatePost = {
  TopicType: 'STANDARD',
  TemplateContent: '<p>See https://example.com</p>',
  MediaItemUrl: null,
  CallToAction: null,
  Event: null,
  Offer: null,
};
const at = '2026-11-28T10:00:00.000Z';
const t = { templateId: 't1', companyId: 'c1' };
const saved: TemplateEvent = { type: 'PostTemplateSaved', data: { ...t, post, locationIds: ['l1', 'l2'], scheduleDate: null } };
const publish: TemplateEvent = {
  type: 'PostTemplatePublishRequested',
  data: { ...t, publishId: 'p1', post, locationIds: ['l1', 'l2'], requestedAt: at, scheduled: false },
};
const inReview = (locationId: string): TemplateEvent => ({
  type: 'TemplatePostCreated',
  data: {
    ...t,
    locationId,
    locationName: `Location ${locationId}`,
    googlePostName: `accounts/1/locations/${locationId}/localPosts/9`,
    searchUrl: null,
    summary: 'See https://example.com',
    createdAt: at,
    recovered: false,
    state: 'PROCESSING',
  },
});
const approved: TemplateEvent = {
  type: 'TemplatePostApprovedByGoogle',
  data: { ...t, locationId: 'l1', googlePostName: 'accounts/1/locations/l1/localPosts/9', searchUrl: 'https://g/l1', approvedAt: '2026-11-28T10:05:00.000Z' },
};
const rejected: TemplateEvent = {
  type: 'TemplatePostRejected',
  data: {
    ...t,
    locationId: 'l2',
    locationName: 'Location l2',
    googlePostName: 'accounts/1/locations/l2/localPosts/9',
    summary: 'See https://example.com',
    reason: 'Rejected by Google',
    rejectedAt: '2026-11-28T10:05:00.000Z',
  },
};

const given = async (events: TemplateEvent[]) => {
  const record = recorder(at);
  const memory = await projectInMemory(
    templatesProjection,
    events.map((e) => record(e.type, e.data, 'c1')),
  );
  return {
    template: memory.all(POST_TEMPLATES_COLLECTION)[0]!,
    locations: memory.all(POST_TEMPLATE_LOCATIONS_COLLECTION),
    logs: memory.all(POST_TEMPLATE_LOGS_COLLECTION),
  };
};

describe('templates projection', () => {
  it("counts posts in Google's review, then moves each to published or rejected as Google decides", async () => {
    const held = await given([saved, publish, inReview('l1'), inReview('l2')]);
    expect(held.template).toMatchObject({ status: 'published', done: 0, inReview: 2, rejected: 0 });

    const decided = await given([saved, publish, inReview('l1'), inReview('l2'), approved, rejected]);
    expect(decided.template).toMatchObject({
      status: 'published',
      done: 1,
      inReview: 0,
      rejected: 1,
      failed: 0,
      failures: [{ locationId: 'l2', locationName: 'Location l2', message: 'Rejected by Google', kind: 'rejected' }],
    });
    expect(decided.logs.map((l) => [l.locationId, l.status, l.localPostUrl, l.createdDate])).toEqual([
      ['l1', 'published', 'https://g/l1', at],
      ['l2', 'rejected', null, at],
    ]);
    // a decision seen twice counts once
    const again = await given([saved, publish, inReview('l1'), inReview('l2'), approved, approved]);
    expect(again.template).toMatchObject({ done: 1, inReview: 1 });
  });

  it("keeps a template's locations apart from the document each outcome rewrites, and deletes them with it", async () => {
    const many: TemplateEvent = { ...publish, data: { ...publish.data, locationIds: ['l1', 'l2', 'l3'] } };
    const published = await given([saved, many, inReview('l1')]);
    expect(published.template).not.toHaveProperty('locationIds');
    expect(published.template).toMatchObject({ total: 3, inReview: 1 });
    expect(published.locations).toEqual([{ _id: 't1', companyId: 'c1', locationIds: ['l1', 'l2', 'l3'] }]);

    const draft = await given([saved]);
    expect(draft.locations).toEqual([{ _id: 't1', companyId: 'c1', locationIds: ['l1', 'l2'] }]);

    const deleted = await given([saved, many, { type: 'PostTemplateDeleted', data: t }]);
    expect(deleted.locations).toEqual([]);
  });
});
