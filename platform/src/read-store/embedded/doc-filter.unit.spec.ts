import { Query, find } from 'mingo';
import { describe, expect, it } from 'vitest';
import type { Doc, SortSpec } from '../read-store';
import { compileFilter } from './doc-filter';
import { sortAndPage } from './doc-sort';

/**
 * The embedded store's compiled filters and sort must agree with mingo (its reference for
 * MongoDB semantics). Random documents and filters, fixed seed, so a failure reproduces.
 */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const STRINGS = ['alpha', 'Alpha', 'beta', 'BETA x', 'gamma', '', '10', 'a.b'];
const NUMBERS = [0, 1, -1, 2.5, 10, 100];

function makeRandom(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const scalar = (): unknown => {
    const k = r();
    if (k < 0.4) return pick(STRINGS);
    if (k < 0.75) return pick(NUMBERS);
    if (k < 0.85) return r() < 0.5;
    return null;
  };
  const value = (depth: number): unknown => {
    const k = r();
    if (k < 0.65 || depth > 1) return scalar();
    if (k < 0.82) return Array.from({ length: Math.floor(r() * 3) }, () => (r() < 0.8 ? scalar() : value(depth + 1)));
    return { x: scalar(), y: r() < 0.5 ? scalar() : undefined };
  };
  const doc = (i: number): Doc => {
    const d: Doc = { _id: `d${i}` };
    for (const f of ['a', 'b', 'c']) if (r() < 0.85) d[f] = value(0);
    if (r() < 0.8) d.n = { x: scalar(), y: r() < 0.3 ? [scalar(), scalar()] : scalar() };
    return JSON.parse(JSON.stringify(d)) as Doc;
  };
  const path = () => pick(['a', 'b', 'c', 'n.x', 'n.y', 'a.x', 'missing']);
  const operand = (): unknown => (r() < 0.5 ? pick(STRINGS) : r() < 0.8 ? pick(NUMBERS) : r() < 0.5 ? null : r() < 0.5);
  const fieldCondition = (): unknown => {
    switch (Math.floor(r() * 11)) {
      case 0:
        return operand();
      case 1:
        return { $eq: operand() };
      case 2:
        return { $ne: operand() };
      case 3:
        return { $in: [operand(), operand()] };
      case 4:
        return { $nin: [operand(), operand()] };
      case 5:
        return { [pick(['$gt', '$gte', '$lt', '$lte'])]: r() < 0.5 ? pick(NUMBERS) : pick(STRINGS) };
      case 6:
        return { $gte: pick(NUMBERS), $lt: pick(NUMBERS) + 5 };
      case 7:
        return { $exists: r() < 0.5 };
      case 8:
        return { $regex: pick(['^a', 'ta', 'A', '\\.', 'x$', '^$', 'beta X', 'lPh']), $options: pick(['', 'i']) };
      case 9:
        return new RegExp(pick(['^a', 'et', 'B']), pick(['', 'i']));
      default:
        return { $exists: true, $ne: operand() };
    }
  };
  const filter = (depth = 0): Record<string, unknown> => {
    const f: Record<string, unknown> = {};
    const n = 1 + Math.floor(r() * 2);
    for (let i = 0; i < n; i++) {
      const k = r();
      if (depth < 2 && k < 0.25) f[pick(['$or', '$and', '$nor'])] = [filter(depth + 1), filter(depth + 1)];
      else f[path()] = fieldCondition();
    }
    return f;
  };
  return { doc, filter, pick, r };
}

describe('compiled filters agree with mingo', () => {
  it('on 400 random filters over 150 random documents', () => {
    const { doc, filter } = makeRandom(20261122);
    const docs = Array.from({ length: 150 }, (_, i) => doc(i));
    let compared = 0;
    let compiledCount = 0;
    for (let i = 0; i < 400; i++) {
      const f = filter();
      const matcher = compileFilter(f);
      if (matcher.compiled) compiledCount++;
      const query = new Query(f, {});
      for (const d of docs) {
        const expected = query.test(d);
        const actual = matcher.test(d);
        if (actual !== expected) {
          throw new Error(
            `filter ${JSON.stringify(f, (_, v) => (v instanceof RegExp ? String(v) : v))} on ${JSON.stringify(d)}: compiled ${actual}, mingo ${expected}`,
          );
        }
        compared++;
      }
    }
    expect(compared).toBe(60_000);
    // The fast path must actually be in use, not everything handed to mingo.
    expect(compiledCount).toBeGreaterThan(350);
  });

  it('extracts equality constraints for index lookups', () => {
    const m = compileFilter({ companyId: 'c1', status: { $in: ['A', 'B'] }, $and: [{ kind: { $eq: 3 } }], other: { $gt: 1 } });
    expect(Object.fromEntries(m.constraints)).toEqual({ companyId: ['c1'], status: ['A', 'B'], kind: [3] });
  });

  it('hands filters it does not understand to mingo', () => {
    const m = compileFilter({ tags: { $elemMatch: { $eq: 'x' } } });
    expect(m.compiled).toBe(false);
    expect(m.test({ _id: '1', tags: ['y', 'x'] })).toBe(true);
    expect(m.test({ _id: '2', tags: ['y'] })).toBe(false);
  });
});

describe('sort agrees with mingo', () => {
  it('on random scalar keys, several keys and directions, with skip/limit', () => {
    const { pick, r } = makeRandom(7);
    const scalar = () => (r() < 0.4 ? pick(STRINGS) : r() < 0.7 ? pick(NUMBERS) : r() < 0.5 ? r() < 0.5 : undefined);
    for (let round = 0; round < 60; round++) {
      const docs: Doc[] = Array.from({ length: 300 }, (_, i) => {
        const d: Doc = { _id: `d${String(i).padStart(3, '0')}`, a: scalar(), b: scalar(), n: { x: scalar() } };
        return JSON.parse(JSON.stringify(d)) as Doc;
      });
      const sort = { [pick(['a', 'b', 'n.x'])]: pick([1, -1] as const), [pick(['b', 'a', '_id'])]: pick([1, -1] as const) } as SortSpec;
      const skip = pick([0, 0, 5, 40]);
      const limit = pick([0, 10, 25, 100]);
      let cursor = find(docs, {}).sort(sort).skip(skip);
      if (limit) cursor = cursor.limit(limit);
      const expected = (cursor.all() as Doc[]).map((d) => d._id);
      expect(sortAndPage(docs, sort, skip, limit).map((d) => d._id)).toEqual(expected);
    }
  });
});
