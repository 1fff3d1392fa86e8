import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import { ENTITY_TYPE_WORDS, EVENT_TYPE_WORDS, entityOf, eventTypeWords, namingEntityKey } from './history-words';

const exported = Object.entries(contracts as Record<string, unknown>);

/** Every event type of the contracts: the keys of each exported `…EventSchemas` table. */
const eventTypes = [
  ...new Set(exported.filter(([name, v]) => /EventSchemas$/.test(name) && v && typeof v === 'object').flatMap(([, v]) => Object.keys(v as object))),
];

/** Every stream of the contracts: each exported `…Stream(id, …)` and `…_STREAM` name, with the id it was given. */
const streams = exported.flatMap(([name, v]): { name: string; stream: string }[] => {
  if (/Stream$/.test(name) && typeof v === 'function') return [{ name, stream: String((v as (...ids: string[]) => string)('id1', 'id2')) }];
  if (/_STREAM$/.test(name) && typeof v === 'string') return [{ name, stream: v }];
  return [];
});

describe('history words', () => {
  it('finds the event types and streams of the contracts', () => {
    expect(eventTypes.length).toBeGreaterThan(100);
    expect(eventTypes).toContain('LocalPostDeleteRequested');
    expect(streams.map((s) => s.name)).toContain('connectedAccountStream');
  });

  it('has words for every event type', () => {
    expect(eventTypes.filter((type) => !EVENT_TYPE_WORDS[type])).toEqual([]);
    expect(eventTypeWords('LocalPostDeleted')).toBe('Post deleted');
  });

  it('has words for every stream category, and reads the whole id after it', () => {
    const unknown = streams.filter(({ stream }) => !ENTITY_TYPE_WORDS[entityOf(stream).entityType]).map((s) => `${s.name}: ${s.stream}`);
    expect(unknown).toEqual([]);
    for (const { stream } of streams) expect(entityOf(stream).entityId).toMatch(/^(id1|global)/);
    expect(ENTITY_TYPE_WORDS[entityOf(contracts.connectedAccountStream('a')).entityType]?.words).toBe('Google account');
    expect(ENTITY_TYPE_WORDS[entityOf(contracts.emailReservationStream('a')).entityType]?.words).toBe('User e-mail');
  });

  it('keeps a dashed category whole (location content is not a location named "content-…")', () => {
    expect(entityOf('location-content-l1')).toEqual({ entityType: 'location-content', entityId: 'l1' });
    expect(entityOf('location-l1')).toEqual({ entityType: 'location', entityId: 'l1' });
    expect(entityOf('review-sync-l1')).toEqual({ entityType: 'review-sync', entityId: 'l1' });
    expect(entityOf('reviews-ai-c1')).toEqual({ entityType: 'reviews-ai', entityId: 'c1' });
    expect(entityOf('thing-1')).toEqual({ entityType: 'thing', entityId: '1' });
  });

  it('names an entity without a name of its own by the one it belongs to', () => {
    expect(namingEntityKey('location-content', 'l1', {})).toBe('location:l1');
    expect(namingEntityKey('useremail', 'sha', { userId: 'u1' })).toBe('user:u1');
    expect(namingEntityKey('useremail', 'sha', {})).toBeNull();
    expect(namingEntityKey('location', 'l1', {})).toBeNull();
  });
});
