import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from './event-store';
import { createUpcasterRegistry } from './upcasters';

const recorded = (type: string, data: unknown, schemaVersion?: number): RecordedEvent => ({
  id: 'e-1',
  type,
  streamName: 'location-1',
  revision: 0n,
  position: 1,
  data,
  metadata: {
    companyId: 'company-1',
    actor: { userId: 'user-1', role: 'CompanyAdmin' },
    correlationId: 'corr-1',
    causationId: null,
    occurredAt: '2025-01-01T00:00:00.000Z',
    ...(schemaVersion === undefined ? {} : { schemaVersion }),
  },
  created: new Date('2025-01-01T00:00:00.000Z'),
});

describe('upcasters', () => {
  it('returns the very same event when no upcaster is registered for its type', () => {
    const registry = createUpcasterRegistry();
    registry.register('OtherEvent', 1, () => ({ changed: true }));
    const event = recorded('LocationCreated', { title: 'A' });
    expect(registry.upcast(event)).toBe(event);
  });

  it('treats a missing schemaVersion as version 1 and chains upcasters to the newest version', () => {
    const registry = createUpcasterRegistry();
    registry.register('LocationCreated', 1, (data) => ({ ...(data as object), storeCode: null }));
    registry.register('LocationCreated', 2, (data) => {
      const { title, ...rest } = data as { title: string };
      return { ...rest, name: title };
    });
    const event = recorded('LocationCreated', { title: 'Main Street' });
    const upcast = registry.upcast(event);
    expect(upcast.data).toEqual({ name: 'Main Street', storeCode: null });
    expect(upcast.metadata.schemaVersion).toBe(3);
    expect(upcast.metadata.correlationId).toBe('corr-1');
    expect(event.data).toEqual({ title: 'Main Street' }); // the stored event is not mutated
    expect(event.metadata.schemaVersion).toBeUndefined();
  });

  it('starts from the stored schemaVersion and leaves events already at the newest version alone', () => {
    const registry = createUpcasterRegistry();
    const seen: unknown[] = [];
    registry.register('LocationCreated', 1, (data) => (seen.push(data), { v: 2 }));
    registry.register('LocationCreated', 2, (data) => (seen.push(data), { v: 3 }));
    expect(registry.upcast(recorded('LocationCreated', { v: 2 }, 2)).data).toEqual({ v: 3 });
    expect(seen).toEqual([{ v: 2 }]);
    const newest = recorded('LocationCreated', { v: 3 }, 3);
    expect(registry.upcast(newest)).toBe(newest);
  });

  it('passes the event being upcast to the upcaster', () => {
    const registry = createUpcasterRegistry();
    registry.register('ReviewReplied', 1, (data, event) => ({ ...(data as object), companyId: event.metadata.companyId }));
    expect(registry.upcast(recorded('ReviewReplied', { text: 'Thanks' })).data).toEqual({ text: 'Thanks', companyId: 'company-1' });
  });

  it('refuses a second upcaster for the same type and version, and versions below 1', () => {
    const registry = createUpcasterRegistry();
    registry.register('LocationCreated', 1, (d) => d);
    expect(() => registry.register('LocationCreated', 1, (d) => d)).toThrow(/already registered/);
    expect(() => registry.register('LocationCreated', 0, (d) => d)).toThrow(/fromVersion/);
    expect(() => registry.register('LocationCreated', 1.5, (d) => d)).toThrow(/fromVersion/);
  });
});
