import { describe, expect, it } from 'vitest';
import { LOCATION_GROUP_ACCESS_COLLECTION, LOCATION_USERS_COLLECTION, subjects, type LocationUserDoc } from '@locus/contracts';
import { createInProcessBus, openSseChannel, type ReadModels } from '@locus/platform';
import { createLiveHub } from './live-hub';
import { locationScopeFilter } from './location-scope-filter';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const read = (channel: ReturnType<typeof openSseChannel>) => String(channel.stream.read() ?? '');

/** The location-users collection as the helper reads it: links of one company, found by user (and id). */
function linksOf(links: Pick<LocationUserDoc, 'locationId' | 'userId' | 'isPrimaryOwner' | 'isStaffMember'>[]): Pick<ReadModels, 'collection'> {
  const docs = links.map((l) => ({ ...l, _id: `${l.locationId}:${l.userId}`, companyId: 'c1' }));
  const collection = (name: string) => {
    if (name === LOCATION_GROUP_ACCESS_COLLECTION) return { find: async () => [] };
    expect(name).toBe(LOCATION_USERS_COLLECTION);
    return {
      find: async (filter: Record<string, unknown>) => docs.filter((d) => Object.entries(filter).every(([k, v]) => (d as Record<string, unknown>)[k] === v)),
    };
  };
  return { collection } as unknown as Pick<ReadModels, 'collection'>;
}

const change = (collection: string, ids: string[]) => ({ kind: 'changed', collection, ids, many: false, companyId: 'c1', position: 1 });

describe('a company user hears only the changes of its locations', () => {
  it('narrows ids to the scope, drops changes of other locations, passes other collections and whole-company answers', async () => {
    const models = linksOf([{ locationId: 'l1', userId: 'u1', isPrimaryOwner: false, isStaffMember: true }]);
    const filter = (await locationScopeFilter(models, { role: 'CompanyUser', userId: 'u1', companyId: 'c1' }))!;
    expect(filter(change('locations', ['l1', 'l2']))).toMatchObject({ ids: ['l1'] });
    expect(filter(change('location-metrics', ['l2:2026-01']))).toBeNull();
    expect(filter(change('dashboard-locations', ['l1']))).toMatchObject({ ids: ['l1'] });
    // a review's id does not say its location: the user hears that reviews changed, not which
    expect(filter(change('reviews', ['r9']))).toEqual({ ...change('reviews', []), many: true });
    expect(filter({ kind: 'notification', name: 'X', payload: null })).toMatchObject({ kind: 'notification' });
    expect(await locationScopeFilter(models, { role: 'CompanyAuditor', userId: 'a1', companyId: 'c1' })).toBeUndefined();
    expect(await locationScopeFilter(models, { role: 'CompanyAdmin', userId: 'a2', companyId: 'c1' })).toBeUndefined();
  });

  it('through the hub: the user tab hears its location, the admin tab every one', async () => {
    const bus = createInProcessBus();
    const hub = createLiveHub(bus);
    const scope = subjects.companyScope('c1');
    const user = openSseChannel({ keepAliveMs: 60_000 });
    const admin = openSseChannel({ keepAliveMs: 60_000 });
    const filter = await locationScopeFilter(linksOf([{ locationId: 'l1', userId: 'u1', isPrimaryOwner: true, isStaffMember: false }]), {
      role: 'CompanyUser',
      userId: 'u1',
      companyId: 'c1',
    });
    const detachUser = hub.attach(user, 'CompanyUser', [scope], filter);
    const detachAdmin = hub.attach(admin, 'CompanyAdmin', [scope]);
    await turn();
    [user, admin].forEach(read);
    bus.publish(subjects.changed('c1', 'locations'), change('locations', ['l2']));
    bus.publish(subjects.changed('c1', 'location-posts'), change('location-posts', ['l1']));
    await bus.flush();
    await turn();
    await turn();
    const heard = read(user);
    expect(heard).toContain('"collection":"location-posts"');
    expect(heard).not.toContain('"l2"');
    expect(read(admin)).toContain('"l2"');
    detachUser();
    detachAdmin();
    expect(hub.subscriptions).toBe(0);
    [user, admin].forEach((c) => c.close());
    await bus.close();
  });
});
