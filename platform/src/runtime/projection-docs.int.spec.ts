import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import type { ReadStore } from '../read-store/read-store';
import { jsonEqual } from '../read-store/embedded/json-copy';
import { cloneDoc, createBatchDocs, DocCache } from './projection-docs';

/** The overlay's test of a document put back: the same data, key order aside. */
const sameDoc = (a: unknown, b: unknown) => jsonEqual(a, b, true);

const closers: ReadStore[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c.close();
});

async function setup() {
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  closers.push(readStore);
  await readStore
    .collection('stores__g1')
    .bulkWrite([
      { insertOne: { document: { _id: 's1', companyId: 'c1', city: 'Austin', n: 1 } } },
      { insertOne: { document: { _id: 's2', companyId: 'c1', city: 'Boston', n: 2 } } },
      { insertOne: { document: { _id: 's3', companyId: 'c2', city: 'Austin', n: 3 } } },
    ]);
  const physical = new Map([['stores', 'stores__g1']]);
  const cache = new DocCache(100);
  const batch = () => createBatchDocs({ readStore, projection: 'test', physical, cache });
  return { readStore, batch, cache };
}

describe('projection docs overlay', () => {
  it('reads see the writes made earlier in the batch; nothing is stored before commit', async () => {
    const { readStore, batch } = await setup();
    const docs = batch();
    const s1 = (await docs.get('stores', 's1'))!;
    s1.n = 10;
    docs.put('stores', s1);
    docs.put('stores', { _id: 's4', companyId: 'c1', city: 'Austin', n: 4 });
    docs.delete('stores', 's2');
    expect(await docs.get('stores', 's1')).toMatchObject({ n: 10 });
    expect(await docs.get('stores', 's2')).toBeNull();
    expect(await docs.get('stores', 's4')).toMatchObject({ n: 4 });
    expect((await docs.find('stores', { companyId: 'c1' })).map((d) => d._id).sort()).toEqual(['s1', 's4']);
    expect((await docs.find('stores', { n: { $gte: 4 } })).map((d) => d._id).sort()).toEqual(['s1', 's4']);
    expect(await readStore.collection('stores__g1').findOne({ _id: 's1' })).toMatchObject({ n: 1 });
  });

  it('writes only what changed, as upserts and deletes of the physical collection', async () => {
    const { batch } = await setup();
    const docs = batch();
    await docs.get('stores', 's3'); // read only
    docs.put('stores', { _id: 's1', companyId: 'c1', city: 'Austin', n: 5 });
    docs.delete('stores', 's2');
    docs.delete('stores', 'never-existed');
    await docs.get('stores', 'also-missing');
    docs.delete('stores', 'also-missing');
    expect(await docs.get('stores', 'new')).toBeNull();
    docs.put('stores', { _id: 'new', companyId: 'c2', city: 'Miami', n: 0 });
    expect(docs.writes()).toEqual([
      {
        collection: 'stores__g1',
        ops: [
          { replaceOne: { filter: { _id: 's1' }, replacement: { _id: 's1', companyId: 'c1', city: 'Austin', n: 5 }, upsert: true } },
          { deleteOne: { filter: { _id: 's2' } } },
          { deleteOne: { filter: { _id: 'never-existed' } } },
          { insertOne: { document: { _id: 'new', companyId: 'c2', city: 'Miami', n: 0 } } },
        ],
      },
    ]);
    expect(docs.changes().map((c) => [c.id, c.doc === null, c.companyIdBefore])).toEqual([
      ['s1', false, undefined],
      ['s2', true, undefined],
      ['never-existed', true, undefined],
      ['new', false, undefined],
    ]);
  });

  it('hands out copies: mutating a read without put changes nothing', async () => {
    const { batch, readStore, cache } = await setup();
    const docs = batch();
    const s1 = (await docs.get('stores', 's1'))!;
    s1.n = 99;
    expect(await docs.get('stores', 's1')).toMatchObject({ n: 1 });
    expect(docs.writes()).toEqual([]);
    await readStore.commit({ writes: docs.writes() });
    docs.committed();
    expect(cache.get('stores', 's1')).toMatchObject({ n: 1 });
  });

  it('a document put back as it was read is neither written nor told as a change', async () => {
    const { batch } = await setup();
    const docs = batch();
    const s1 = (await docs.get('stores', 's1'))!;
    // the same data built anew, keys in another order
    docs.put('stores', { n: 1, city: 'Austin', companyId: 'c1', _id: s1._id });
    const s2 = (await docs.get('stores', 's2'))!;
    s2.n = 3;
    s2.n = 2; // changed and changed back within the batch
    docs.put('stores', s2);
    const s3 = (await docs.get('stores', 's3'))!;
    docs.put('stores', { ...s3, n: 30 });
    // never read in this batch: written as before (the store's version is not known here)
    docs.put('stores', { _id: 's4', companyId: 'c1', city: 'Austin', n: 4 });
    expect(docs.writes()).toEqual([
      {
        collection: 'stores__g1',
        ops: [
          { replaceOne: { filter: { _id: 's3' }, replacement: { _id: 's3', companyId: 'c2', city: 'Austin', n: 30 }, upsert: true } },
          { replaceOne: { filter: { _id: 's4' }, replacement: { _id: 's4', companyId: 'c1', city: 'Austin', n: 4 }, upsert: true } },
        ],
      },
    ]);
    expect(docs.changes().map((c) => c.id)).toEqual(['s3', 's4']);
  });

  it('tells values apart as JSON does: nested objects, arrays, dates, null and a missing key', () => {
    const doc = { _id: 'a', tags: ['x', { y: 1 }], at: new Date(5), none: null, nested: { k: [1, 2] } };
    expect(sameDoc(doc, cloneDoc(doc))).toBe(true);
    expect(sameDoc(doc, { ...doc, tags: ['x', { y: 2 }] })).toBe(false);
    expect(sameDoc(doc, { ...doc, tags: ['x'] })).toBe(false);
    expect(sameDoc(doc, { ...doc, at: new Date(6) })).toBe(false);
    expect(sameDoc(doc, { ...doc, at: 5 })).toBe(false);
    expect(sameDoc(doc, { ...doc, none: undefined })).toBe(false);
    expect(sameDoc({ a: null }, { b: null })).toBe(false);
    expect(sameDoc({ a: [] }, { a: {} })).toBe(false);
    expect(sameDoc({ nested: { k: [1, 2] } }, { nested: { k: [1, '2'] } })).toBe(false);
  });

  it("keeps only a collection's latest documents up to its limit, and reads the others from the store", async () => {
    const { readStore } = await setup();
    const physical = new Map([
      ['stores', 'stores__g1'],
      ['log', 'log__g1'],
    ]);
    const cache = new DocCache(100, new Map([['log', 2]]));
    const batch = () => createBatchDocs({ readStore, projection: 'test', physical, cache });
    const first = batch();
    for (const n of [1, 2, 3]) first.put('log', { _id: `l${n}`, line: n });
    await first.get('stores', 's1');
    await readStore.commit({ writes: first.writes() });
    first.committed();
    expect(cache.get('log', 'l1')).toBeUndefined();
    expect([cache.get('log', 'l2'), cache.get('log', 'l3')]).toEqual([
      { _id: 'l2', line: 2 },
      { _id: 'l3', line: 3 },
    ]);
    expect(cache.get('stores', 's1')).toMatchObject({ n: 1 });
    expect(cache.size).toBe(3);
    const second = batch();
    expect(await second.get('log', 'l1')).toEqual({ _id: 'l1', line: 1 });
    expect(cache.get('log', 'l2')).toBeUndefined();
    expect(cache.size).toBe(3);
    const none = new DocCache(100, new Map([['log', 0]]));
    none.set('log', 'l1', { _id: 'l1' });
    expect(none.size).toBe(0);
  });

  it('rejects undeclared collections and documents without a string _id', async () => {
    const { batch } = await setup();
    const docs = batch();
    await expect(docs.get('other', 'x')).rejects.toThrow('does not declare collection "other"');
    expect(() => docs.put('stores', { _id: '' })).toThrow('non-empty string _id');
  });
});

describe('overlay filter', () => {
  it('matches plain equalities as MongoDB does, and defers operators to mingo', async () => {
    const { compileOverlayFilter } = await import('./projection-docs');
    const doc = { _id: 'a', companyId: 'c1', tags: ['x', 'y'], n: 3, gone: null, nested: { k: 1 } };
    const cases: [Record<string, unknown>, boolean][] = [
      [{ companyId: 'c1' }, true],
      [{ companyId: 'c2' }, false],
      [{ tags: 'y' }, true],
      [{ tags: 'z' }, false],
      [{ missing: null }, true],
      [{ gone: null }, true],
      [{ n: 3, companyId: 'c1' }, true],
      [{ n: '3' }, false],
      [{ 'nested.k': 1 }, true],
      [{ n: { $gt: 2 } }, true],
      [{ $or: [{ n: 1 }, { companyId: 'c1' }] }, true],
      [{ tags: ['x', 'y'] }, true],
      [{}, true],
    ];
    for (const [filter, expected] of cases) expect([filter, compileOverlayFilter(filter)(doc)]).toEqual([filter, expected]);
  });
});
