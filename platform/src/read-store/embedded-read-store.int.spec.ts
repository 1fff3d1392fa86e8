import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedReadStore } from './embedded-read-store';
import { readStoreContract } from './read-store.contract';

const dir = mkdtempSync(path.join(tmpdir(), 'locus-read-store-'));
let counter = 0;
let lastFile = '';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** better-sqlite3's Statement prototype: spying on its methods counts every statement any store runs. */
const statementPrototype = () => Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Database.Statement;

for (const writerThread of [false, true]) {
  readStoreContract(
    `embedded (SQLite file, mingo on narrowed rows, writes ${writerThread ? 'on a writer thread' : 'inline'})`,
    async () => {
      lastFile = path.join(dir, `read-${++counter}.db`);
      return createEmbeddedReadStore({ file: lastFile, writerThread });
    },
    { reopen: async () => createEmbeddedReadStore({ file: lastFile, writerThread }) },
  );
}

describe('embedded read store: a few ids by id', () => {
  it('answers ids known missing, and one known present among them, without SQL (the session check on every request)', async () => {
    const store = createEmbeddedReadStore({ file: path.join(dir, 'few-ids.db') });
    const statement = statementPrototype();
    const spies = (['get', 'all', 'iterate', 'run'] as const).map((method) => vi.spyOn(statement, method));
    try {
      const blocks = store.collection('blocks');
      await blocks.bulkWrite([{ insertOne: { document: { _id: 'company:c1', kind: 'company' } } }]);
      const lookUp = () => blocks.find({ _id: { $in: ['user:u1', 'sessions:u1', 'token:t1', 'company:c1'] } }, { projection: { kind: 1 } });
      expect(await lookUp()).toEqual([{ _id: 'company:c1', kind: 'company' }]);
      for (const spy of spies) spy.mockClear();
      expect(await lookUp()).toEqual([{ _id: 'company:c1', kind: 'company' }]);
      expect(await blocks.find({ _id: { $in: ['user:u1', 'token:t1'] } })).toEqual([]);
      expect(spies.map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await store.close();
    }
  });
});

describe('embedded read store: scans', () => {
  it('answers a scan as any find, and leaves the documents it parsed out of the cache', async () => {
    const store = createEmbeddedReadStore({ file: path.join(dir, 'scan.db'), cacheDocuments: 100 });
    try {
      const things = store.collection('things');
      await things.createIndexes([{ key: { group: 1, n: -1 } }]);
      await things.bulkWrite(Array.from({ length: 50 }, (_, n) => ({ insertOne: { document: { _id: `t${n}`, group: n % 2, n } } })));
      await store.close();
      const reopened = createEmbeddedReadStore({ file: path.join(dir, 'scan.db'), cacheDocuments: 100 });
      try {
        const again = reopened.collection('things');
        const cached = await again.findOne({ _id: 't4' });
        for (const [filter, options] of [
          [{ group: 0 }, { sort: { n: -1 }, limit: 10 }],
          [{ group: 1, n: { $gt: 20 } }, { sort: { n: -1 } }],
          [{ n: { $mod: [5, 0] } }, { sort: { n: 1 }, skip: 2, limit: 3 }],
        ] as const) {
          const before = reopened.stats().cachedDocuments;
          const scanned = await again.find(filter, { ...options, scan: true });
          expect(reopened.stats().cachedDocuments).toBe(before);
          const found = await again.find(filter, options);
          expect(found.length).toBeGreaterThan(0);
          expect(scanned).toEqual(found);
        }
        // A scan hands out copies: changing one changes nothing in the store or its cache.
        const [first] = await again.find({ _id: 't4' }, { scan: true });
        first!.n = -1;
        expect(await again.findOne({ _id: 't4' })).toEqual(cached);
      } finally {
        await reopened.close();
      }
    } finally {
      await store.close().catch(() => undefined);
    }
  });
});

describe('embedded read store: uncached collections', () => {
  it('keeps none of their documents, written or read, and answers from the file', async () => {
    const store = createEmbeddedReadStore({ file: path.join(dir, 'uncached.db'), uncached: (name) => name === 'log' });
    try {
      const log = store.collection('log');
      const kept = store.collection('kept');
      await log.bulkWrite([
        { insertOne: { document: { _id: 'l1', n: 1 } } },
        { replaceOne: { filter: { _id: 'l2' }, replacement: { _id: 'l2', n: 2 }, upsert: true } },
      ]);
      await kept.bulkWrite([{ insertOne: { document: { _id: 'k1', n: 1 } } }]);
      expect(store.stats().cachedDocuments).toBe(1);
      expect(await log.findOne({ _id: 'l2' })).toEqual({ _id: 'l2', n: 2 });
      expect(await log.find({ n: { $gte: 1 } }, { sort: { n: 1 } })).toEqual([
        { _id: 'l1', n: 1 },
        { _id: 'l2', n: 2 },
      ]);
      await log.bulkWrite([{ updateOne: { filter: { _id: 'l1' }, update: { $set: { n: 3 } } } }]);
      expect(await log.findOne({ _id: 'l1' })).toEqual({ _id: 'l1', n: 3 });
      expect(store.stats().cachedDocuments).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe.each([false, true])('embedded read store: SQLite failure (writer thread: %s)', (writerThread) => {
  it('leaves the store and its cache unchanged when the SQLite transaction fails', async () => {
    const file = path.join(dir, `failing-${writerThread}.db`);
    const store = createEmbeddedReadStore({ file, writerThread });
    try {
      await store.commit({
        writes: [{ collection: 'things', ops: [{ insertOne: { document: { _id: 'a', n: 1 } } }] }],
        checkpoint: { name: 'p', position: 1 },
      });
      // A second connection makes the file refuse one particular document.
      const saboteur = new Database(file);
      saboteur.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON "d:things" WHEN NEW.id = 'boom' BEGIN SELECT RAISE(ABORT, 'disk says no'); END;`);
      saboteur.close();

      await expect(
        store.commit({
          writes: [
            {
              collection: 'things',
              ops: [{ updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 1 } } } }, { insertOne: { document: { _id: 'boom' } } }],
            },
            { collection: 'others', ops: [{ insertOne: { document: { _id: 'o1' } } }] },
          ],
          checkpoint: { name: 'p', position: 2 },
        }),
      ).rejects.toThrow('disk says no');

      expect(await store.collection('things').find()).toEqual([{ _id: 'a', n: 1 }]);
      expect(await store.collection('others').countDocuments()).toBe(0);
      expect(await store.listCollections()).toEqual(['things']);
      expect((await store.getCheckpoint('p'))!.position).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('embedded read store: checkpoints moved alone', () => {
  it('writes the checkpoints committed in one turn in one transaction, refusing a stale one alone', async () => {
    const file = path.join(dir, 'checkpoint-group.db');
    const store = createEmbeddedReadStore({ file });
    const statement = statementPrototype();
    const run = vi.spyOn(statement, 'run');
    const transactions = () => run.mock.contexts.filter((s) => /^BEGIN/.test((s as Database.Statement).source)).length;
    try {
      await store.commit({ writes: [], checkpoint: { name: 'reactor:a', position: 10, fence: 2 } });
      expect(transactions()).toBe(1);
      const outcomes = await Promise.allSettled([
        store.commit({ writes: [], checkpoint: { name: 'reactor:a', position: 12, fence: 1 } }),
        store.commit({ writes: [], checkpoint: { name: 'reactor:b', position: 12 } }),
        store.commit({ writes: [{ collection: 'unused', ops: [] }], checkpoint: { name: 'projection:c:g1', position: 12 } }),
        store.commit({ writes: [], checkpoint: { name: 'reactor:b', position: 11 } }),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'rejected']);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('lease epoch 1 is behind 2');
      expect(String((outcomes[3] as PromiseRejectedResult).reason)).toContain('position 11 is behind 12');
      expect(transactions()).toBe(2);
      expect((await store.getCheckpoint('reactor:a'))!.position).toBe(10);
      // Checkpoints gathered when the store closes are written before it does.
      const closing = store.commit({ writes: [], checkpoint: { name: 'reactor:d', position: 13 } });
      await store.close();
      await closing;
    } finally {
      run.mockRestore();
      await store.close();
    }
    const reopened = createEmbeddedReadStore({ file });
    try {
      expect(
        await Promise.all(['reactor:a', 'reactor:b', 'projection:c:g1', 'reactor:d'].map(async (n) => (await reopened.getCheckpoint(n))?.position)),
      ).toEqual([10, 12, 12, 13]);
    } finally {
      await reopened.close();
    }
  });
});

describe('embedded read store: text kept', () => {
  it('leaves a document’s FTS row alone when a write keeps its text, and rewrites it when the text changes', async () => {
    const file = path.join(dir, 'text-kept.db');
    const store = createEmbeddedReadStore({ file });
    const statement = statementPrototype();
    const run = vi.spyOn(statement, 'run');
    const ftsWrites = () => run.mock.contexts.filter((s) => /^(INSERT INTO|DELETE FROM) "f:/.test((s as Database.Statement).source)).length;
    const places = store.collection<{ _id: string; name: string; visits: number }>('places');
    const named = async (needle: string) => (await places.find({ name: { $regex: needle } })).map((d) => d._id).sort();
    try {
      await places.createIndexes([{ key: { name: 'text' } }]);
      await places.bulkWrite([
        { insertOne: { document: { _id: 'a', name: 'Pearl Cafe', visits: 0 } } },
        { insertOne: { document: { _id: 'b', name: 'Harbor Books', visits: 0 } } },
      ]);
      const before = ftsWrites();
      await places.bulkWrite([{ updateOne: { filter: { _id: 'a' }, update: { $inc: { visits: 1 } } } }]);
      await places.bulkWrite([{ replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', name: 'Harbor Books', visits: 2 }, upsert: true } }]);
      expect(ftsWrites()).toBe(before);
      await places.bulkWrite([{ updateOne: { filter: { _id: 'a' }, update: { $set: { name: 'Opal Cafe' } } } }]);
      expect(ftsWrites()).toBe(before + 2);
      expect(await named('Cafe')).toEqual(['a']);
      expect(await named('Pearl')).toEqual([]);
      expect(await named('Opal')).toEqual(['a']);
      expect(await named('Books')).toEqual(['b']);
    } finally {
      run.mockRestore();
      await store.close();
    }
    // What the file holds, read by a store that has nothing cached.
    const reopened = createEmbeddedReadStore({ file });
    try {
      const again = reopened.collection<{ _id: string; name: string }>('places');
      expect((await again.find({ name: { $regex: 'Opal' } })).map((d) => d._id)).toEqual(['a']);
      expect((await again.find({ name: { $regex: 'Harbor' } })).map((d) => d._id)).toEqual(['b']);
      expect(await again.find({ name: { $regex: 'Pearl' } })).toEqual([]);
    } finally {
      await reopened.close();
    }
  });
});

describe('embedded read store: key columns', () => {
  type Place = { _id: string; code: string; companyId?: unknown; rating?: unknown; address?: unknown; name?: unknown; visits?: number };
  const KEYS = ['companyId', 'rating', 'address.city', 'code'];
  /** MongoDB's order of types in a sort: null, numbers, strings. */
  const rank = (v: unknown) => (v === null ? 0 : typeof v === 'number' ? 1 : 2);
  /** Rows whose key column differs from its path's value in the body (what the indexes must agree with). */
  const strayKeys = (file: string) => {
    const db = new Database(file, { readonly: true });
    try {
      const differs = KEYS.map((k) => `"k:${k}" IS NOT json_extract(body, '$.${k}')`).join(' OR ');
      return (db.prepare(`SELECT id FROM "d:places" WHERE ${differs}`).all() as { id: string }[]).map((r) => r.id);
    } finally {
      db.close();
    }
  };

  for (const writerThread of [false, true]) {
    it(`keeps each key column equal to its path in the body through any write, and writes the body alone when no key changes (${writerThread ? 'writer thread' : 'inline'})`, async () => {
      const file = path.join(dir, `keys-${writerThread}.db`);
      const store = createEmbeddedReadStore({ file, writerThread });
      const statement = statementPrototype();
      const all = vi.spyOn(statement, 'all');
      const bodyOnly = () => all.mock.contexts.filter((s) => /^UPDATE "d:places" SET body = \?/.test((s as Database.Statement).source)).length;
      const places = store.collection<Place>('places');
      // A seeded walk: the company and rating take values SQL compares (their queries are SQL's);
      // the address takes anything (booleans, arrays, documents), which the columns must hold too.
      let seed = 7;
      const random = (n: number) => {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        return Math.floor((seed / 2 ** 32) * n);
      };
      const values: Record<string, unknown[]> = {
        companyId: ['c1', 'c2', 'c3', null, 7],
        rating: [0, 1, 2.5, null, 4, 'high'],
        address: [{ city: 'Oslo' }, { city: 'Bergen' }, { city: true }, { city: ['Oslo'] }, { city: { name: 'Oslo' } }, {}, 'Oslo', [1, 2], false],
        name: ['Pearl Cafe', 'Harbor Books', null],
      };
      const model = new Map<string, Place>();
      try {
        await places.createIndexes([
          { key: { companyId: 1, rating: -1 } },
          { key: { 'address.city': 1, _id: 1 } },
          { key: { code: 1 }, unique: true },
          { key: { name: 'text' } },
        ]);
        for (let i = 0; i < 20; i++) model.set(`p${i}`, { _id: `p${i}`, code: `K${i}`, companyId: 'c1', rating: i % 5, name: `Place ${i}`, visits: 0 });
        await places.bulkWrite([...model.values()].map((document) => ({ insertOne: { document: { ...document } } })));
        const kept = bodyOnly();
        await places.bulkWrite([{ updateOne: { filter: { _id: 'p1' }, update: { $inc: { visits: 1 } } } }]);
        expect(bodyOnly()).toBe(kept + 1);
        model.get('p1')!.visits = 1;
        await places.bulkWrite([{ updateOne: { filter: { _id: 'p1' }, update: { $set: { rating: 9 } } } }]);
        expect(bodyOnly()).toBe(kept + 1);
        model.get('p1')!.rating = 9;
        for (let round = 0; round < 60; round++) {
          const ops = [];
          for (let j = 0; j < 1 + random(6); j++) {
            const id = `p${random(24)}`;
            const field = ['companyId', 'rating', 'address', 'name', 'visits'][random(5)]!;
            const value = field === 'visits' ? random(100) : values[field]![random(values[field]!.length)];
            const current = model.get(id);
            if (!current) {
              const doc: Place = { _id: id, code: `K${id}`, [field]: value };
              model.set(id, doc);
              ops.push({ insertOne: { document: { ...doc } } });
            } else if (random(10) === 0) {
              model.delete(id);
              ops.push({ deleteOne: { filter: { _id: id } } });
            } else if (random(4) === 0) {
              delete (current as Record<string, unknown>)[field];
              ops.push({ updateOne: { filter: { _id: id }, update: { $unset: { [field]: '' } } } });
            } else {
              (current as Record<string, unknown>)[field] = value;
              ops.push({ updateOne: { filter: { _id: id }, update: { $set: { [field]: value } } } });
            }
          }
          await places.bulkWrite(ops);
        }
        expect(bodyOnly()).toBeGreaterThan(kept + 10);
        expect(strayKeys(file)).toEqual([]);
        // Queries over the key columns answer as the documents say.
        const ids = (docs: Place[]) => docs.map((d) => d._id);
        const c1 = [...model.values()].filter((d) => d.companyId === 'c1');
        expect(ids(await places.find({ companyId: 'c1' })).sort()).toEqual(ids(c1).sort());
        expect(await places.countDocuments({ companyId: 'c2', rating: { $gte: 1 } })).toBe(
          [...model.values()].filter((d) => d.companyId === 'c2' && typeof d.rating === 'number' && d.rating >= 1).length,
        );
        const byRating = await places.find({ companyId: 'c2' }, { sort: { rating: -1, _id: 1 } });
        expect(byRating.map((d) => d.rating ?? null)).toEqual(
          [...model.values()]
            .filter((d) => d.companyId === 'c2')
            .map((d) => d.rating ?? null)
            .sort((a, b) => rank(b) - rank(a) || (typeof a === 'number' && typeof b === 'number' ? b - a : String(b) < String(a) ? -1 : 1)),
        );
        expect(store.explain('places', { filter: { companyId: 'c2' }, sort: { rating: -1 } }).statements[0]!.plan.join('\n')).toMatch(
          /USING INDEX "?i:places:companyId_1_rating_-1/,
        );
      } finally {
        all.mockRestore();
        await store.close();
      }
      const reopened = createEmbeddedReadStore({ file, writerThread });
      try {
        const again = reopened.collection<Place>('places');
        // Nothing cached: every write is a whole one until the documents are read again.
        await again.bulkWrite([{ updateOne: { filter: { _id: 'p2' }, update: { $set: { companyId: 'c3' } }, upsert: true } }]);
        expect(await again.countDocuments({ companyId: 'c3' })).toBe(1);
        const some = [...model.values()][0]!;
        expect(await again.findOne({ code: some.code })).toMatchObject({ _id: some._id });
      } finally {
        await reopened.close();
      }
      expect(strayKeys(file)).toEqual([]);
    });
  }
});
