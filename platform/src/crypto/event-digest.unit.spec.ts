import { describe, expect, it } from 'vitest';
import { canonicalJson, eventDigest } from './event-digest';

describe('canonicalJson', () => {
  it('sorts keys at every depth, drops undefined members and writes undefined elsewhere as null', () => {
    const value = { b: 1, a: { d: [3, { z: true, y: null }], c: 'x', u: undefined }, e: [undefined, new Date('2026-01-02T03:04:05.000Z')] };
    expect(canonicalJson(value)).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1,"e":[null,"2026-01-02T03:04:05.000Z"]}');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([])).toBe('[]');
    expect(canonicalJson({})).toBe('{}');
  });

  it('orders keys by UTF-16 code units and escapes them as JSON does', () => {
    expect(canonicalJson({ b: 1, B: 2, é: 3, '"q"': 4, a1: 5, a10: 6, a2: 7 })).toBe('{"\\"q\\"":4,"B":2,"a1":5,"a10":6,"a2":7,"b":1,"é":3}');
  });

  it('gives one digest whatever the order the event was written in', () => {
    const base = { position: 7, id: 'e1', streamName: 's-1', type: 'T', metadata: { companyId: 'c', actor: { userId: 'u', role: 'R' } } };
    const one = eventDigest({ ...base, data: { x: 1, y: [1, 2] } });
    const two = eventDigest({ ...base, data: { y: [1, 2], x: 1 } });
    expect(one).toBe(two);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(eventDigest({ ...base, data: { y: [2, 1], x: 1 } })).not.toBe(one);
  });
});
