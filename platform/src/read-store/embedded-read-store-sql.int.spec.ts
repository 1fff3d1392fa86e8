import { find as mingoFind } from 'mingo';
import { describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from './embedded-read-store';
import type { Doc, Filter, SortSpec } from './read-store';

/**
 * The SQL path (filters, sorts, pages and counts translated to SQL over expression and FTS
 * indexes) must answer as mingo, the reference for MongoDB's semantics, does. Random
 * documents and queries with a fixed seed, so a failure reproduces.
 */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = ['pearl', 'main', 'oak', 'Elm', 'bn-0042', 'store 9', '555-12', 'a.b', 'x"y'];

function generator(seed: number, mixed: boolean) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const a = () => (r() < 0.1 ? undefined : r() < 0.15 ? null : r() < 0.5 ? pick(['x', 'y', 'z', 'X', '10']) : pick([0, 1, 2.5, 10, -3]));
  const doc = (i: number): Doc => {
    const d: Record<string, unknown> = { _id: `d${String(i).padStart(3, '0')}`, b: Math.floor(r() * 5), t: `${pick(WORDS)} ${pick(WORDS)} ${i}` };
    const va = a();
    if (va !== undefined) d.a = va;
    // In the mixed set some documents hold what SQL cannot compare: the store must notice.
    if (mixed && r() < 0.1) d.a = pick([[1, 'x'], { k: 1 }, true]);
    return d as Doc;
  };
  const condition = (): Filter => {
    switch (Math.floor(r() * 8)) {
      case 0:
        return { a: a() ?? null };
      case 1:
        return { a: { $in: [a() ?? null, a() ?? 'x'] } };
      case 2:
        return { b: { [pick(['$gt', '$gte', '$lt', '$lte'])]: Math.floor(r() * 5) } };
      case 3:
        return { a: { [pick(['$gt', '$lt'])]: r() < 0.5 ? 'x' : 1 } };
      case 4: {
        const word = pick(WORDS);
        const start = Math.floor(r() * word.length);
        const part = word.slice(start, start + 1 + Math.floor(r() * 5));
        return { t: { $regex: part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') } };
      }
      case 5:
        return { t: { $regex: pick(['^pe', 'oak|elm', 'ELM']), ...(r() < 0.5 ? { $options: 'i' } : {}) } };
      case 6:
        return { $or: [{ b: 1 }, { a: 'x' }] };
      default:
        return { b: Math.floor(r() * 5) };
    }
  };
  const filter = (): Filter => (r() < 0.3 ? {} : r() < 0.6 ? condition() : { $and: [condition(), condition()] });
  const sort = (): SortSpec => (r() < 0.5 ? { a: pick([1, -1] as const), _id: 1 } : { b: pick([1, -1] as const), a: 1, _id: -1 });
  return { doc, filter, sort, int: (n: number) => Math.floor(r() * n) };
}

describe.each([
  ['SQL-comparable values', false],
  ['mixed values (arrays, documents, booleans at indexed paths)', true],
])('embedded read store agrees with mingo: %s', (_name, mixed) => {
  it('on 300 random queries: page, order and count', async () => {
    const g = generator(mixed ? 7 : 3, mixed);
    const docs = Array.from({ length: 200 }, (_, i) => g.doc(i));
    const store = createEmbeddedReadStore({ file: ':memory:' });
    try {
      const c = store.collection('things');
      await c.createIndexes([{ key: { a: 1, b: 1 } }, { key: { b: 1, a: 1 } }, { key: { t: 'text' } }]);
      await c.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
      let inSql = 0;
      for (let q = 0; q < 300; q++) {
        const filter = g.filter();
        const sort = g.sort();
        const plan = store.explain('things', { filter, sort });
        if (plan.exact && plan.sortInSql) inSql++;
        const skip = g.int(20);
        const limit = 1 + g.int(30);
        const expected = mingoFind(docs, filter).sort(sort).skip(skip).limit(limit).all() as Doc[];
        const got = await c.find(filter, { sort, skip, limit });
        const context = JSON.stringify({ filter, sort, skip, limit });
        expect(
          got.map((d) => d._id),
          context,
        ).toEqual(expected.map((d) => d._id));
        expect(await c.countDocuments(filter), context).toBe(mingoFind(docs, filter).all().length);
        expect(await c.countDocuments(filter, { limit }), context).toBe(Math.min(limit, mingoFind(docs, filter).all().length));
      }
      // The comparable set runs mostly in SQL; the mixed one mostly falls back to mingo.
      if (mixed) expect(inSql).toBeLessThan(150);
      else expect(inSql).toBeGreaterThan(150);
    } finally {
      await store.close();
    }
  });
});

describe('a page walks the sort index when it also holds the filtered fields', () => {
  it('reads the page from that index alone and answers as mingo', async () => {
    const r = rng(11);
    const docs = Array.from({ length: 400 }, (_, i) => ({
      _id: `d${String(i).padStart(3, '0')}`,
      g: i % 2 ? 'g1' : 'g2',
      s: `name ${Math.floor(r() * 50)}`,
      c: Math.floor(r() * 100),
      v: ['a', 'b', 'c'][Math.floor(r() * 3)]!,
    }));
    const store = createEmbeddedReadStore({ file: ':memory:' });
    try {
      const c = store.collection('things');
      await c.createIndexes([{ key: { g: 1, c: 1, _id: 1 } }, { key: { g: 1, v: 1 } }, { key: { g: 1, s: 1, _id: 1, c: 1, v: 1 } }]);
      await c.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
      const filters: Filter[] = [
        { g: 'g1', c: { $lt: 60 } },
        { g: 'g2', v: 'b' },
        { g: 'g1', v: { $in: ['a', 'c'] }, c: { $gte: 10 } },
      ];
      for (const filter of filters)
        for (const sort of [
          { s: 1, _id: 1 },
          { s: -1, _id: 1 },
        ] as SortSpec[])
          for (const skip of [0, 30, 150]) {
            const context = JSON.stringify({ filter, sort, skip });
            const [paged] = store.explain('things', { filter, sort, skip, limit: 25 }).statements;
            expect(paged!.sql, context).toContain('INDEXED BY "i:things:g_1_s_1__id_1_c_1_v_1"');
            expect(paged!.plan.join('\n'), context).toContain('COVERING INDEX');
            const expected = mingoFind(docs, filter).sort(sort).skip(skip).limit(25).all() as Doc[];
            expect(
              (await c.find(filter, { sort, skip, limit: 25 })).map((d) => d._id),
              context,
            ).toEqual(expected.map((d) => d._id));
          }
      // An _id condition is narrower through its own lookup: no walk.
      const [byId] = store.explain('things', { filter: { g: 'g1', _id: { $in: ['d001', 'd003'] } }, sort: { s: 1, _id: 1 }, limit: 25 }).statements;
      expect(byId!.sql).not.toContain('INDEXED BY');
    } finally {
      await store.close();
    }
  });
});

describe('an empty $in', () => {
  it('matches nothing, answered in SQL without reading the documents', async () => {
    const store = createEmbeddedReadStore({ file: ':memory:' });
    try {
      const c = store.collection('things');
      await c.createIndexes([{ key: { b: 1, a: 1 } }]);
      await c.bulkWrite(Array.from({ length: 50 }, (_, i) => ({ insertOne: { document: { _id: `d${i}`, a: i, b: i % 2 } } })));
      for (const filter of [{ b: 1, _id: { $in: [] } }, { a: { $in: [] } }] as Filter[]) {
        const plan = store.explain('things', { filter, sort: { b: 1, a: 1 } });
        expect(plan.exact, JSON.stringify(filter)).toBe(true);
        expect(await c.find(filter, { sort: { b: 1, a: 1 } })).toEqual([]);
        expect(await c.countDocuments(filter)).toBe(0);
        expect(mingoFind(await c.find({}), filter).all()).toEqual([]);
      }
    } finally {
      await store.close();
    }
  });
});

describe('text searches: read from the FTS when few, the index walked with the FTS list as a filter when more, walked and tested when many', () => {
  it('answers as mingo all three ways, with capped counts', async () => {
    const docs: Doc[] = Array.from({ length: 1_500 }, (_, i) => ({
      _id: `h${i}`,
      company: i % 3 === 0 ? 'other' : 'mine',
      position: 10_000 - i,
      text: `common line ${i}${i % 500 === 7 ? ' rare phrase' : ''}`,
    }));
    // The second store lists at most 1,000 matches: 'common line' (1,500) is then walked.
    const stores = [createEmbeddedReadStore({ file: ':memory:' }), createEmbeddedReadStore({ file: ':memory:', textMatchesListed: 1_000 })];
    try {
      for (const [store, term, way] of [
        [stores[0]!, 'rare phrase', 'few'],
        [stores[0]!, 'common line', 'listed'],
        [stores[1]!, 'common line', 'walked'],
      ] as const) {
        const c = store.collection('history');
        if ((await c.countDocuments({})) === 0) {
          await c.createIndexes([{ key: { company: 1, position: -1 } }, { key: { text: 'text' } }]);
          await c.bulkWrite(docs.map((document) => ({ insertOne: { document } })));
        }
        const filter: Filter = { company: 'mine', text: { $regex: term } };
        const sort: SortSpec = { position: -1 };
        for (const [skip, limit] of [
          [0, 10],
          [40, 20],
        ]) {
          const plan = store.explain('history', { filter, sort, skip, limit });
          const sql = plan.statements[0]!.sql;
          expect(plan.exact && plan.sortInSql, term).toBe(true);
          // Few: the probe's list, not a second match. Listed: the FTS match as a filter of the
          // index walk, no row's text read. Walked: each row's text tested, no list first.
          expect(sql.includes('json_each'), sql).toBe(way === 'few');
          expect(sql.includes('MATCH'), sql).toBe(way === 'listed');
          expect(sql.includes('instr'), sql).toBe(way === 'walked');
          // The order comes from the index (no sort of the matches).
          if (way === 'listed') expect(plan.statements[0]!.plan.join(' '), sql).not.toContain('TEMP B-TREE');
          const expected = mingoFind(docs, filter).sort(sort).skip(skip).limit(limit).all() as Doc[];
          expect((await c.find(filter, { sort, skip, limit })).map((d) => d._id)).toEqual(expected.map((d) => d._id));
        }
        const all = mingoFind(docs, filter).all().length;
        expect(await c.countDocuments(filter)).toBe(all);
        expect(await c.countDocuments(filter, { limit: 5 })).toBe(Math.min(5, all));
      }
    } finally {
      for (const store of stores) await store.close();
    }
  });
});

describe('the FTS index follows every write of a batch', () => {
  it('inserts, rewrites, deletes and re-inserts of one bulkWrite, in the order written', async () => {
    const store = createEmbeddedReadStore({ file: ':memory:' });
    try {
      const c = store.collection('lines');
      await c.createIndexes([{ key: { text: 'text' } }]);
      await c.bulkWrite(['alpha one', 'beta two', 'gamma three'].map((text, i) => ({ insertOne: { document: { _id: `l${i}`, text } } })));
      // One batch: a rewrite (twice), a delete, a delete then insert of the same id, a fresh insert.
      await c.bulkWrite([
        { replaceOne: { filter: { _id: 'l0' }, replacement: { _id: 'l0', text: 'alpha rewritten' }, upsert: true } },
        { replaceOne: { filter: { _id: 'l0' }, replacement: { _id: 'l0', text: 'omega final' }, upsert: true } },
        { deleteOne: { filter: { _id: 'l1' } } },
        { deleteOne: { filter: { _id: 'l2' } } },
        { insertOne: { document: { _id: 'l2', text: 'gamma again' } } },
        { insertOne: { document: { _id: 'l3', text: 'delta new' } } },
      ]);
      const matching = async (term: string) => (await c.find({ text: { $regex: term } }, { sort: { _id: 1 } })).map((d) => d._id);
      expect(await matching('alpha')).toEqual([]);
      expect(await matching('omega fin')).toEqual(['l0']);
      expect(await matching('beta')).toEqual([]);
      expect(await matching('three')).toEqual([]);
      expect(await matching('gamma ag')).toEqual(['l2']);
      expect(await matching('delta')).toEqual(['l3']);
      expect(store.explain('lines', { filter: { text: { $regex: 'delta' } } }).statements[0]!.sql).toMatch(/json_each|MATCH/);
    } finally {
      await store.close();
    }
  });
});
