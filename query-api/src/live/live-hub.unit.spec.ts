import { describe, expect, it } from 'vitest';
import { subjects } from '@locus/contracts';
import { createInProcessBus, openSseChannel } from '@locus/platform';
import { createLiveHub } from './live-hub';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const read = (channel: ReturnType<typeof openSseChannel>) => String(channel.stream.read() ?? '');
const changed = (companyId: string, collection: string) => ({ kind: 'changed', collection, ids: ['x'], many: false, companyId, position: 1 });

describe('live hub (fan-out of GET /api/live)', () => {
  it('holds one bus subscription per scope however many tabs, filters by role, and lets go with the last tab', async () => {
    const bus = createInProcessBus();
    const hub = createLiveHub(bus);
    const scope = subjects.companyScope('c1');
    const users = Array.from({ length: 50 }, () => openSseChannel({ keepAliveMs: 60_000 }));
    const admin = openSseChannel({ keepAliveMs: 60_000 });
    const other = openSseChannel({ keepAliveMs: 60_000 });
    const detachUsers = users.map((c) => hub.attach(c, 'CompanyUser', [scope, subjects.userScope('u1')]));
    const detachAdmin = hub.attach(admin, 'CompanyAdmin', [scope]);
    const detachOther = hub.attach(other, 'CompanyAdmin', [subjects.companyScope('c2')]);
    expect(hub.subscriptions).toBe(3);
    await turn();
    [...users, admin, other].forEach(read); // the retry hint

    bus.publish(subjects.changed('c1', 'locations'), changed('c1', 'locations'));
    bus.publish(subjects.changed('c1', 'company-variables'), changed('c1', 'company-variables'));
    await bus.flush();
    await turn(); // the fan-out
    await turn(); // the channels' writes
    for (const tab of users) {
      const text = read(tab);
      expect(text).toContain('"collection":"locations"');
      expect(text).not.toContain('company-variables'); // a CompanyUser cannot query them
    }
    const adminText = read(admin);
    expect(adminText).toContain('"collection":"locations"');
    expect(adminText).toContain('"collection":"company-variables"');
    expect(read(other)).toBe(''); // another company's scope

    detachUsers.forEach((detach) => detach());
    expect(hub.subscriptions).toBe(2);
    detachAdmin();
    detachOther();
    expect(hub.subscriptions).toBe(0);
    [...users, admin, other].forEach((c) => c.close());
    await bus.close();
  });
});

describe('live hub pacing', () => {
  it('merges changes of one collection that arrive while a fan-out pauses, keeping notifications in order', async () => {
    const bus = createInProcessBus();
    // A share this small makes every fan-out pause long enough to see the merge.
    const hub = createLiveHub(bus, { fanOutShare: 0.01 });
    const tabs = Array.from({ length: 200 }, () => openSseChannel({ keepAliveMs: 60_000 }));
    tabs.forEach((c) => hub.attach(c, 'CompanyUser', [subjects.companyScope('c1')]));
    await turn();
    tabs.forEach(read);
    const frames: string[] = [];
    const collect = () => frames.push(read(tabs[0]!));
    const change = (id: string, position: number) => ({ kind: 'changed', collection: 'locations', ids: [id], many: false, companyId: 'c1', position });
    bus.publish(subjects.changed('c1', 'locations'), change('a', 1));
    await bus.flush();
    await turn();
    await turn();
    collect();
    // The first fan-out went out at once; these wait for the pause and are merged.
    bus.publish(subjects.changed('c1', 'locations'), change('b', 2));
    bus.publish(subjects.changed('c1', 'locations'), change('c', 3));
    bus.publish(subjects.companyNotification('c1', 'Hello'), { kind: 'notification', name: 'Hello', payload: {} });
    bus.publish(subjects.changed('c1', 'locations'), change('d', 4));
    await bus.flush();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await turn();
    collect();
    expect(frames[0]).toContain('"ids":["a"]');
    const later = frames[1]!;
    const dataLines = later.split('\n').filter((l) => l.startsWith('data: '));
    expect(dataLines.map((l) => JSON.parse(l.slice(6)) as { kind: string; ids?: string[]; position?: number })).toEqual([
      { kind: 'changed', collection: 'locations', ids: ['b', 'c'], many: false, companyId: 'c1', position: 3 },
      { kind: 'notification', name: 'Hello', payload: {} },
      { kind: 'changed', collection: 'locations', ids: ['d'], many: false, companyId: 'c1', position: 4 },
    ]);
    tabs.forEach((c) => c.close());
    await bus.close();
  });
});
