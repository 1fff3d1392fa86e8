import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from './embedded-read-store';
import { readStoreContract } from './read-store.contract';

const dir = mkdtempSync(path.join(tmpdir(), 'locus-read-store-'));
let counter = 0;
let lastFile = '';

afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
