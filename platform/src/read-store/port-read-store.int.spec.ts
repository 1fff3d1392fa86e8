import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePhysicalName, projectionCheckpointPrefix } from '../runtime/generations';
import { createEmbeddedReadStore } from './embedded-read-store';
import { connectReadStore, serveReadStore } from './port-read-store';
import type { ReadStore } from './read-store';
import { readStoreContract } from './read-store.contract';
import { DuplicateKeyError } from './read-store-errors';
import { createSplitReadStore } from './split-read-store';

const dir = mkdtempSync(path.join(tmpdir(), 'locus-port-store-'));
let counter = 0;
let lastFile = '';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `store` as another thread sees it: every call crosses a MessagePort. */
function overPort(store: ReadStore): ReadStore {
  const { port1, port2 } = new MessageChannel();
  const served = serveReadStore(store, port1);
  const remote = connectReadStore(port2);
  return {
    ...remote,
    async close() {
      await remote.close();
      served.close();
      port1.close();
      await store.close();
    },
  };
}

readStoreContract(
  'embedded, over a MessagePort',
  async () => {
    lastFile = path.join(dir, `read-${++counter}.db`);
    return overPort(createEmbeddedReadStore({ file: lastFile }));
  },
  { reopen: async () => overPort(createEmbeddedReadStore({ file: lastFile })) },
);

describe('split read store (a projection in a file of its own)', () => {
  const open = () => {
    const n = ++counter;
    const primary = createEmbeddedReadStore({ file: path.join(dir, `primary-${n}.db`) });
    const apart = createEmbeddedReadStore({ file: path.join(dir, `apart-${n}.db`) });
    const split = createSplitReadStore(primary, [
      {
        store: overPort(apart),
        ownsCollection: (name) => parsePhysicalName(name).logical === 'history',
        ownsCheckpoint: (name) => name.startsWith(projectionCheckpointPrefix('history')),
      },
    ]);
    return { primary, apart, split };
  };

  it('writes a projection’s documents and checkpoint to its own file, and the rest to the primary one', async () => {
    const { primary, apart, split } = open();
    try {
      await split.commit({
        writes: [{ collection: 'history__g1', ops: [{ insertOne: { document: { _id: 'h1', companyId: 'c1' } } }] }],
        checkpoint: { name: 'projection:history:g1', position: 7 },
      });
      await split.commit({
        writes: [{ collection: 'staff__g1', ops: [{ insertOne: { document: { _id: 's1' } } }] }],
        checkpoint: { name: 'projection:staff:g1', position: 7 },
      });
      expect(await apart.listCollections()).toEqual(['history__g1']);
      expect(await primary.listCollections()).toEqual(['staff__g1']);
      expect(await split.listCollections()).toEqual(['history__g1', 'staff__g1']);
      expect((await apart.getCheckpoint('projection:history:g1'))?.position).toBe(7);
      expect(await primary.getCheckpoint('projection:history:g1')).toBeNull();
      expect((await split.getCheckpoint('projection:history:g1'))?.position).toBe(7);
      expect((await split.getCheckpoint('projection:staff:g1'))?.position).toBe(7);
      expect(await split.collection('history__g1').find({ companyId: 'c1' })).toEqual([{ _id: 'h1', companyId: 'c1' }]);
      await split.deleteCheckpoint('projection:history:g1');
      expect(await apart.getCheckpoint('projection:history:g1')).toBeNull();
    } finally {
      await split.close();
    }
  });

  it('a switch commits the projection’s checkpoint before `_projections`; a refused part leaves the primary unwritten', async () => {
    const { primary, split } = open();
    try {
      await split.commit({ writes: [{ collection: 'history__g2', ops: [{ insertOne: { document: { _id: 'h1' } } }] }] });
      await expect(
        split.commit({
          writes: [
            {
              collection: '_projections',
              ops: [{ replaceOne: { filter: { _id: 'history' }, replacement: { _id: 'history', activeGeneration: 2 }, upsert: true } }],
            },
            { collection: 'history__g2', ops: [{ insertOne: { document: { _id: 'h1' } } }] },
          ],
          checkpoint: { name: 'projection:history:g2', position: 9 },
        }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await primary.collection('_projections').find()).toEqual([]);
      await split.commit({
        writes: [
          {
            collection: '_projections',
            ops: [{ replaceOne: { filter: { _id: 'history' }, replacement: { _id: 'history', activeGeneration: 2 }, upsert: true } }],
          },
        ],
        checkpoint: { name: 'projection:history:g2', position: 9 },
      });
      expect(await primary.collection('_projections').find()).toEqual([{ _id: 'history', activeGeneration: 2 }]);
      expect((await split.getCheckpoint('projection:history:g2'))?.position).toBe(9);
    } finally {
      await split.close();
    }
  });
});
