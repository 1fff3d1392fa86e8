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
