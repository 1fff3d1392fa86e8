import { describe, expect, it } from 'vitest';
import { HISTORY_COLLECTION, HISTORY_FACETS_COLLECTION, type Actor, type HistoryDoc, type HistoryFacetsDoc } from '@locus/contracts';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import type { RecordedEvent } from '@locus/platform/ports';
import { historyProjection } from './history-projection';
import { flattenData, labelOf } from './describe-event';

const by = (event: RecordedEvent, actor: Actor, causationId: string | null = null): RecordedEvent => ({
  ...event,
  metadata: { ...event.metadata, actor, causationId },
});
const user = (userId: string, firstName: string, lastName: string, role = 'CompanyAdmin') =>
  ({
    userId,
    companyId: 'c1',
    role,
    firstName,
    lastName,
    email: `${userId}@example.test`,
    phoneNumber: '',
    passwordHash: null,
    isDefaultCompanyContact: false,
    source: 'seed',
  }) as const;

describe('history projection', () => {
  const e = recorder();
  const ada: Actor = { userId: 'ada', role: 'CompanyAdmin' };
  const bob: Actor = { userId: 'bob', role: 'CompanyUser' };
  const events = [
    e('UserCreated', user('ada', 'Ada', 'King'), 'c1', 'user-ada'),
    e('UserCreated', user('bob', 'Bob', 'Stone', 'CompanyUser'), 'c1', 'user-bob'),
    e('UserCreated', user('root', 'Root', 'Admin', 'Administrator'), null, 'user-root'),
    by(e('LocationCreated', { locationId: 'l1', companyId: 'c1', profile: { Title: 'Old Cafe', StoreCode: 'S1' } }, 'c1', 'location-l1'), ada),
    by(e('LocationUpdated', { locationId: 'l1', profile: { Title: 'New Cafe', StoreCode: 'S1' }, changed: ['Title'] }, 'c1', 'location-l1'), ada),
    by(e('LocationUpdated', { locationId: 'l1', profile: { Title: 'Newest Cafe', StoreCode: 'S1' }, changed: ['Title'] }, 'c1', 'location-l1'), bob),
    by(
      e(
        'LocationGoogleUpdateFailed',
        { locationId: 'l1', sourceEventId: 'event-6', sourceType: 'LocationUpdated', code: 'INVALID', message: 'Title refused' },
        'c1',
        'location-l1',
      ),
      { userId: 'system', role: 'System' },
      'event-6',
    ),
    by(e('PasswordChanged', { userId: 'bob', passwordHash: '$argon2id$secret', reason: 'profile' }, 'c1', 'user-bob'), {
      userId: 'ada',
      role: 'CompanyAdmin',
      viewingAsAdmin: true,
      adminUserId: 'root',
    }),
    by(
      e(
        'LocationUpdated',
        {
          locationId: 'l1',
          profile: { Title: 'Old Cafe', StoreCode: 'S1' },
          changed: ['Title'],
          restoredFrom: { position: 4, at: '2025-03-04T09:00:04.000Z' },
        },
        'c1',
        'location-l1',
      ),
      ada,
    ),
  ];

  it('reads each change as before → after with the names of who made it', async () => {
    const docs = (await projectInMemory(historyProjection, events)).all(HISTORY_COLLECTION) as HistoryDoc[];
    const at = (position: number) => docs.find((d) => d.position === position)!;
    expect(docs.every((d) => d.companyId === 'c1')).toBe(true);
    expect(docs.some((d) => d.entityId === 'root')).toBe(false);
    expect(at(5)).toMatchObject({
      label: 'Location changed',
      entityType: 'location',
      entityId: 'l1',
      entityName: 'New Cafe',
      actorName: 'Ada King',
      actorKind: 'user',
    });
    expect(at(5).changes).toEqual([{ field: 'Title', before: 'Old Cafe', after: 'New Cafe' }]);
    expect(at(6)).toMatchObject({ actorName: 'Bob Stone', changes: [{ field: 'Title', before: 'New Cafe', after: 'Newest Cafe' }] });
    expect(at(7)).toMatchObject({
      actorKind: 'google',
      actorName: 'Google',
      outcome: 'refused',
      reason: 'Title refused',
      causedBy: { eventId: 'event-6', position: 6 },
    });
    expect(at(8)).toMatchObject({ actorName: 'Root Admin', asAdministrator: true, actorKind: 'administrator' });
    expect(at(8).changes).toContainEqual({ field: 'passwordHash', before: null, after: null, secret: true });
    expect(JSON.stringify(at(8))).not.toContain('argon2id');
    expect(at(9)).toMatchObject({
      label: 'Location restored',
      restoredFrom: { position: 4 },
      changes: [{ field: 'Title', before: 'Newest Cafe', after: 'Old Cafe' }],
    });
    expect(at(9).eventDigest).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names entities in words and by the entity they belong to, and keeps the kinds of actors for the filter', async () => {
    const more = [
      ...events,
      by(e('LocationPostsRefreshed', { locationId: 'l1', posts: [] }, 'c1', 'location-content-l1'), { userId: 'system', role: 'System' }),
      by(e('EmailReserved', { userId: 'bob' }, 'c1', 'useremail-0123abcd'), ada),
    ];
    const memory = await projectInMemory(historyProjection, more);
    const docs = memory.all(HISTORY_COLLECTION) as HistoryDoc[];
    const content = docs.find((d) => d.streamName === 'location-content-l1')!;
    expect(content).toMatchObject({
      entityType: 'location-content',
      entityId: 'l1',
      entityName: 'Old Cafe',
      namedBy: 'location:l1',
      label: 'Posts refreshed from Google',
    });
    expect(docs.find((d) => d.streamName === 'useremail-0123abcd')).toMatchObject({ entityType: 'useremail', entityName: 'Bob Stone', namedBy: 'user:bob' });
    const facets = memory.all(HISTORY_FACETS_COLLECTION) as HistoryFacetsDoc[];
    expect(facets[0]?.actorKinds).toEqual(['administrator', 'automation', 'google']);
  });

  it('describes event types it has never seen', () => {
    expect(labelOf('ReviewReplyPublished')).toBe('Review reply published');
    expect(labelOf('BulkEditGMBStarted')).toBe('Bulk edit GMB started');
    expect(flattenData({ reviewId: 'r', reply: { text: 'Thanks' }, stars: 5, apiKey: 'k' })).toEqual({
      values: { 'reply.text': 'Thanks', stars: '5' },
      secrets: ['apiKey'],
    });
  });

  it("shows Google's decision on a post it reviewed as Google's, approved or refused", async () => {
    const system: Actor = { userId: 'system', role: 'System' };
    const reviewed = {
      locationId: 'l1',
      companyId: 'c1',
      postId: 'p1',
      googlePostName: 'accounts/1/locations/2/localPosts/3',
      reviewedAt: '2025-03-04T09:10:00.000Z',
    };
    const memory = await projectInMemory(historyProjection, [
      ...events,
      by(e('LocalPostApprovedByGoogle', { ...reviewed, searchUrl: 'https://g/3' }, 'c1', 'location-content-l1'), system),
      by(e('LocalPostRejectedByGoogle', reviewed, 'c1', 'location-content-l1'), system),
    ]);
    const docs = (memory.all(HISTORY_COLLECTION) as HistoryDoc[]).filter((d) => d.streamName === 'location-content-l1');
    expect(docs.map((d) => [d.label, d.actorKind, d.outcome])).toEqual([
      ['Google approved the post after its review', 'google', 'succeeded'],
      ['Google rejected the post after its review', 'google', 'refused'],
    ]);
  });
});
