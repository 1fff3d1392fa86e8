import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FLAT_ANSWER_CHARS, isJsonBody, jsonAnswer, jsonBytes } from './json-body';

const same = (value: unknown) => expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));

describe('jsonBytes', () => {
  it('writes what JSON.stringify writes for a long answer of the dashboard\u2019s shape', () => {
    const answer = {
      Success: true,
      Data: {
        TotalLocations: 9411,
        LocationsWithoutPrimaryEmail: Array.from({ length: 1000 }, (_, i) => ({
          Id: `0b0e6f1e-6a9d-4c52-9d3e-${String(i).padStart(12, '0')}`,
          Title: `Caf\u00e9 \u2615 ${i} \u{1F600}`,
        })),
        Series: Array.from({ length: 180 }, (_, i) => ({ Label: `2026-11-${i}`, Value: i, DataPointLabel: null })),
      },
    };
    expect(JSON.stringify(answer).length).toBeGreaterThan(FLAT_ANSWER_CHARS);
    same(answer);
  });

  it('leaves out members JSON.stringify leaves out, writes null where it does, and calls toJSON', () => {
    const withHoles = Array.from({ length: 300 }, (_, i) => (i % 7 === 0 ? undefined : i % 11 === 0 ? () => i : i)) as unknown[];
    delete withHoles[5];
    same({
      a: undefined,
      b: () => 1,
      c: Symbol('s'),
      d: new Date(Date.UTC(2026, 10, 29)),
      e: { toJSON: (key: string) => `key was ${key}` },
      f: { toJSON: () => undefined },
      g: withHoles,
      h: new Map([[1, 2]]),
      i: Object.assign(Object.create(null) as object, { x: [1, 2, 3] }),
      j: [],
      k: {},
      'quote " and \\ in a key': 'line\nbreak',
    });
  });

  it('splits items too long for one chunk and strings longer than a chunk', () => {
    const long = 'x'.repeat(40 * 1024);
    same({ list: Array.from({ length: 300 }, (_, i) => ({ i, text: i % 50 === 0 ? long : `short ${i}` })), alone: long });
    same(Array.from({ length: 129 }, () => long.slice(0, 1000)));
  });

  it('writes what JSON.stringify writes for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 0, max: 400 }), (value, copies) => {
        same({ value, copies: Array.from({ length: copies }, () => value) });
      }),
      { numRuns: 200 },
    );
  });
});

describe('jsonAnswer', () => {
  it('keeps a short answer as the string JSON.stringify made', () => {
    expect(jsonAnswer({ Success: true, Data: [1, 2] })).toBe('{"Success":true,"Data":[1,2]}');
  });

  it('goes straight to bytes when the route\u2019s last answer was long, whatever this one\u2019s length', () => {
    const short = jsonAnswer({ Success: true, Data: [1, 2] }, true);
    expect(Buffer.isBuffer(short)).toBe(true);
    expect(short.toString()).toBe('{"Success":true,"Data":[1,2]}');
  });

  it('gives a long answer as bytes of the same text', () => {
    const value = { Data: Array.from({ length: 10_000 }, (_, i) => ({ Id: i })) };
    const answer = jsonAnswer(value);
    expect(Buffer.isBuffer(answer)).toBe(true);
    expect(answer.toString()).toBe(JSON.stringify(value));
  });
});

describe('isJsonBody', () => {
  it('is true for plain objects and arrays only', () => {
    expect([{}, [], Object.create(null)].map(isJsonBody)).toEqual([true, true, true]);
    expect(['text', Buffer.from('x'), null, undefined, 3, new Date(), new Map()].map(isJsonBody)).toEqual([false, false, false, false, false, false, false]);
  });
});
