import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, FindOptions, ReadStore, WriteOp } from './read-store';
import { CheckpointFencedError, DuplicateKeyError, InvalidOperationError } from './read-store-errors';

/**
 * The behaviour every ReadStore adapter must show (MongoDB's, for the subset the port has).
 * Each adapter's *.int.spec.ts calls this with a factory giving a fresh, empty store; with
 * `reopen` (a new store over the same data as the last one made) durability is checked too.
 */
export interface ReadStoreContractOptions {
  reopen?: () => Promise<ReadStore>;
}

const LOCATIONS = 'contract_locations';
const REVIEWS = 'contract_reviews';

const fixture = (): Doc[] => [
  {
    _id: 'l1',
    companyId: 'c1',
    title: 'Alpha Bakery',
    storeCode: 'A-1',
    rating: 4.5,
    status: 'PUBLISHED',
    address: { city: 'Austin', zip: '73301' },
    tags: ['food', 'bakery'],
  },
  {
    _id: 'l2',
    companyId: 'c1',
    title: 'bravo books',
    storeCode: 'B-2',
    rating: 3.9,
    status: 'DRAFT',
    address: { city: 'Boston', zip: '02108' },
    tags: ['books'],
    closedAt: null,
  },
  {
    _id: 'l3',
    companyId: 'c1',
    title: 'Charlie Cafe',
    storeCode: 'C-3',
    rating: 4.8,
    status: 'PUBLISHED',
    address: { city: 'Austin', zip: '73344' },
    tags: ['food', 'coffee'],
  },
  {
    _id: 'l4',
    companyId: 'c2',
    title: 'Delta Dental',
    storeCode: 'D-4',
    rating: 2.5,
    status: 'SUSPENDED',
    address: { city: 'Denver', zip: '80201' },
    tags: [],
  },
  {
    _id: 'l5',
    companyId: 'c2',
    title: 'Echo Eyewear',
    storeCode: 'E-5',
    rating: 4.1,
    status: 'PUBLISHED',
    address: { city: 'austin', zip: '73301' },
    tags: ['health'],
  },
  { _id: 'l6', companyId: 'c1', title: 'Foxtrot Fitness', storeCode: 'F-6', status: 'DRAFT', address: { city: 'El Paso' } },
];

const ids = (docs: Doc[]) => docs.map((d) => d._id);
const sortedIds = (docs: Doc[]) => ids(docs).sort();

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

export function readStoreContract(adapterName: string, makeStore: () => Promise<ReadStore>, opts: ReadStoreContractOptions = {}): void {
  describe(`ReadStore contract: ${adapterName}`, () => {
    let store: ReadStore;
    const opened: ReadStore[] = [];
    const open = async (make: () => Promise<ReadStore>) => {
      const s = await make();
      opened.push(s);
      return s;
    };
    const locations = () => store.collection(LOCATIONS);
    const seed = async () => {
      await locations().bulkWrite(fixture().map((document): WriteOp => ({ insertOne: { document } })));
    };

    beforeEach(async () => {
      store = await open(makeStore);
    });
    afterEach(async () => {
      for (const s of opened.splice(0)) await s.close();
    });

    describe('find: filter operators', () => {
      beforeEach(seed);
      const cases: [string, Record<string, unknown>, string[]][] = [
        ['implicit equality', { companyId: 'c1' }, ['l1', 'l2', 'l3', 'l6']],
        ['$eq', { status: { $eq: 'DRAFT' } }, ['l2', 'l6']],
        ['$ne (missing fields count as not equal)', { status: { $ne: 'PUBLISHED' } }, ['l2', 'l4', 'l6']],
        ['$in', { status: { $in: ['DRAFT', 'SUSPENDED'] } }, ['l2', 'l4', 'l6']],
        ['$nin', { storeCode: { $nin: ['A-1', 'B-2', 'C-3'] } }, ['l4', 'l5', 'l6']],
        ['$regex with option i', { title: { $regex: '^B', $options: 'i' } }, ['l2']],
        ['$regex is case-sensitive without i', { title: { $regex: 'Bravo' } }, []],
        ['RegExp literal with i flag', { title: /CAFE/i }, ['l3']],
        ['$gte and $lte together', { rating: { $gte: 4, $lte: 4.6 } }, ['l1', 'l5']],
        ['$gt', { rating: { $gt: 4.5 } }, ['l3']],
        ['$lt ignores documents without the field', { rating: { $lt: 3 } }, ['l4']],
        ['$exists: false', { rating: { $exists: false } }, ['l6']],
        ['$exists: true matches a null value', { closedAt: { $exists: true } }, ['l2']],
        ['equality with null matches null and missing', { closedAt: null }, ['l1', 'l2', 'l3', 'l4', 'l5', 'l6']],
        ['$or', { $or: [{ storeCode: 'A-1' }, { 'address.city': 'Denver' }] }, ['l1', 'l4']],
        ['$and', { $and: [{ companyId: 'c1' }, { status: 'PUBLISHED' }] }, ['l1', 'l3']],
        ['$nor', { $nor: [{ companyId: 'c2' }, { status: 'DRAFT' }] }, ['l1', 'l3']],
        ['nested field equality (case-sensitive)', { 'address.city': 'Austin' }, ['l1', 'l3']],
        ['nested field $in', { 'address.zip': { $in: ['73301'] } }, ['l1', 'l5']],
        ['array field contains a value', { tags: 'food' }, ['l1', 'l3']],
        ['array field $in', { tags: { $in: ['books', 'health'] } }, ['l2', 'l5']],
        [
          'directory search: company + case-insensitive regex over several fields',
          {
            companyId: 'c1',
            $or: ['title', 'storeCode', 'address.city'].map((f) => ({ [f]: { $regex: 'austin|fox', $options: 'i' } })),
          },
          ['l1', 'l3', 'l6'],
        ],
        ['no match', { companyId: 'nobody' }, []],
      ];
      for (const [title, filter, expected] of cases) {
        it(title, async () => {
          expect(sortedIds(await locations().find(filter))).toEqual(expected);
        });
      }

      it('an empty filter returns every document', async () => {
        expect(sortedIds(await locations().find())).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
      });

      it('an unknown query operator is an InvalidOperationError', async () => {
        await expect(locations().find({ rating: { $frobnicate: 1 } })).rejects.toBeInstanceOf(InvalidOperationError);
        await expect(locations().countDocuments({ rating: { $frobnicate: 1 } })).rejects.toBeInstanceOf(InvalidOperationError);
      });

      it('a collection never written is empty, not an error', async () => {
        expect(await store.collection('contract_never_written').find({ a: 1 })).toEqual([]);
        expect(await store.collection('contract_never_written').countDocuments()).toBe(0);
      });
    });

    describe('find: sort, skip, limit, projection; findOne; countDocuments', () => {
      beforeEach(seed);

      it('sorts descending with missing values last', async () => {
        expect(ids(await locations().find({}, { sort: { rating: -1 } }))).toEqual(['l3', 'l1', 'l5', 'l2', 'l4', 'l6']);
      });

      it('sorts on several keys, strings in binary order (upper case first)', async () => {
        expect(ids(await locations().find({}, { sort: { companyId: 1, title: 1 } }))).toEqual(['l1', 'l3', 'l6', 'l2', 'l4', 'l5']);
        expect(ids(await locations().find({}, { sort: { status: 1, _id: -1 } }))).toEqual(['l6', 'l2', 'l5', 'l3', 'l1', 'l4']);
      });

      it('sorts on a nested field', async () => {
        expect(ids(await locations().find({ companyId: 'c1' }, { sort: { 'address.zip': -1, _id: 1 } }))).toEqual(['l3', 'l1', 'l2', 'l6']);
      });

      it('limits without a sort', async () => {
        expect(await locations().find({ companyId: 'c1' }, { limit: 2 })).toHaveLength(2);
        expect(await locations().find({ companyId: 'c1' }, { skip: 3, limit: 2 })).toHaveLength(1);
        const all = ids(await locations().find({ companyId: 'c1' }));
        const paged = [
          ...ids(await locations().find({ companyId: 'c1' }, { limit: 2 })),
          ...ids(await locations().find({ companyId: 'c1' }, { skip: 2, limit: 2 })),
        ];
        expect(paged.sort()).toEqual([...all].sort());
      });

      it('skips and limits after sorting', async () => {
        expect(ids(await locations().find({}, { sort: { _id: 1 }, skip: 2, limit: 2 }))).toEqual(['l3', 'l4']);
        expect(ids(await locations().find({}, { sort: { _id: -1 }, limit: 1 }))).toEqual(['l6']);
        expect(ids(await locations().find({}, { sort: { _id: 1 }, skip: 5, limit: 10 }))).toEqual(['l6']);
        expect(await locations().find({}, { sort: { _id: 1 }, skip: 10 })).toEqual([]);
      });

      it('projects included fields (and _id)', async () => {
        expect(await locations().find({ _id: 'l1' }, { projection: { title: 1 } })).toEqual([{ _id: 'l1', title: 'Alpha Bakery' }]);
        expect(await locations().find({ _id: 'l1' }, { projection: { _id: 0, title: 1 } })).toEqual([{ title: 'Alpha Bakery' }]);
        expect(await locations().find({ _id: 'l1' }, { projection: { 'address.city': 1 } })).toEqual([{ _id: 'l1', address: { city: 'Austin' } }]);
      });

      it('projects excluded fields away', async () => {
        const [doc] = await locations().find({ _id: 'l2' }, { projection: { address: 0, tags: 0, closedAt: 0 } });
        expect(doc).toEqual({ _id: 'l2', companyId: 'c1', title: 'bravo books', storeCode: 'B-2', rating: 3.9, status: 'DRAFT' });
      });

      it('findOne returns the match, projected, or null', async () => {
        expect(await locations().findOne({ storeCode: 'C-3' })).toEqual(fixture()[2]);
        expect(await locations().findOne({ storeCode: 'C-3' }, { projection: { title: 1, _id: 0 } })).toEqual({ title: 'Charlie Cafe' });
        expect(await locations().findOne({ storeCode: 'nope' })).toBeNull();
      });

      it('countDocuments counts with and without a filter', async () => {
        expect(await locations().countDocuments()).toBe(6);
        expect(await locations().countDocuments({})).toBe(6);
        expect(await locations().countDocuments({ companyId: 'c1', status: 'DRAFT' })).toBe(2);
        expect(await locations().countDocuments({ tags: 'food' })).toBe(2);
      });

      it('countDocuments with a limit stops there', async () => {
        expect(await locations().countDocuments({}, { limit: 4 })).toBe(4);
        expect(await locations().countDocuments({ companyId: 'c1', status: 'DRAFT' }, { limit: 10 })).toBe(2);
        expect(await locations().countDocuments({ tags: 'food' }, { limit: 1 })).toBe(1);
      });

      it('returns copies: mutating a result or an inserted document does not change the store', async () => {
        const [doc] = await locations().find({ _id: 'l1' });
        (doc!.address as Record<string, unknown>).city = 'Mutated';
        (doc!.tags as string[]).push('mutated');
        const one = await locations().findOne({ _id: 'l1' });
        one!.title = 'Mutated';
        const inserted = { _id: 'l9', companyId: 'c1', nested: { a: 1 } };
        await locations().bulkWrite([{ insertOne: { document: inserted } }]);
        inserted.nested.a = 2;
        expect(await locations().findOne({ _id: 'l1' })).toEqual(fixture()[0]);
        expect(await locations().findOne({ _id: 'l9' })).toEqual({ _id: 'l9', companyId: 'c1', nested: { a: 1 } });
      });
    });

    describe('aggregate', () => {
      beforeEach(seed);

      it('$match then $group with $sum, then $sort', async () => {
        const out = await locations().aggregate([{ $match: { companyId: 'c1' } }, { $group: { _id: '$status', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]);
        expect(out).toEqual([
          { _id: 'DRAFT', n: 2 },
          { _id: 'PUBLISHED', n: 2 },
        ]);
      });

      it('$group with $avg and $max per company', async () => {
        const out = await locations().aggregate<{ _id: string; avg: number; best: number }>([
          { $group: { _id: '$companyId', avg: { $avg: '$rating' }, best: { $max: '$rating' } } },
          { $sort: { _id: 1 } },
        ]);
        expect(out.map((r) => r._id)).toEqual(['c1', 'c2']);
        expect(out[0]!.avg).toBeCloseTo(4.4, 10);
        expect(out[0]!.best).toBe(4.8);
        expect(out[1]!.avg).toBeCloseTo(3.3, 10);
      });

      it('$project with renamed and computed fields', async () => {
        const out = await locations().aggregate([
          { $match: { _id: 'l1' } },
          { $project: { _id: 0, title: 1, city: '$address.city', tagCount: { $size: '$tags' } } },
        ]);
        expect(out).toEqual([{ title: 'Alpha Bakery', city: 'Austin', tagCount: 2 }]);
      });

      it('$unwind, $group, $sort on two keys, $limit', async () => {
        const out = await locations().aggregate([
          { $unwind: '$tags' },
          { $group: { _id: '$tags', n: { $sum: 1 } } },
          { $sort: { n: -1, _id: 1 } },
          { $limit: 2 },
        ]);
        expect(out).toEqual([
          { _id: 'food', n: 2 },
          { _id: 'bakery', n: 1 },
        ]);
      });

      it('$sort, $skip and $limit page through documents', async () => {
        const out = await locations().aggregate([{ $sort: { _id: 1 } }, { $skip: 3 }, { $limit: 2 }, { $project: { _id: 1 } }]);
        expect(out).toEqual([{ _id: 'l4' }, { _id: 'l5' }]);
      });

      it('$count', async () => {
        expect(await locations().aggregate([{ $match: { status: 'PUBLISHED' } }, { $count: 'published' }])).toEqual([{ published: 3 }]);
      });

      it('leaves stored documents untouched (incl. $unwind with includeArrayIndex)', async () => {
        await locations().aggregate([{ $unwind: { path: '$tags', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }]);
        const rows = await locations().aggregate<{ tags: unknown[] }>([{ $match: { _id: 'l1' } }]);
        rows[0]!.tags.push('mutated');
        expect(await locations().find({}, { sort: { _id: 1 } })).toEqual(fixture());
      });
    });

    describe('bulkWrite', () => {
      beforeEach(seed);

      it('insertOne adds documents and reports them', async () => {
        const r = await locations().bulkWrite([
          { insertOne: { document: { _id: 'n1', companyId: 'c3' } } },
          { insertOne: { document: { _id: 'n2', companyId: 'c3' } } },
        ]);
        expect(r).toMatchObject({ insertedCount: 2, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 });
        expect(sortedIds(await locations().find({ companyId: 'c3' }))).toEqual(['n1', 'n2']);
      });

      it('insertOne of an existing _id throws DuplicateKeyError and writes nothing of the bulkWrite', async () => {
        const error = await rejection(
          locations().bulkWrite([{ insertOne: { document: { _id: 'n1', companyId: 'c3' } } }, { insertOne: { document: { _id: 'l1', companyId: 'c3' } } }]),
        );
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).code).toBe('READ_STORE.DUPLICATE_KEY');
        expect((error as DuplicateKeyError).collection).toBe(LOCATIONS);
        expect(await locations().findOne({ _id: 'n1' })).toBeNull();
        expect(await locations().findOne({ _id: 'l1' })).toEqual(fixture()[0]);
      });

      it('replaceOne replaces the whole document and keeps its _id', async () => {
        const r = await locations().bulkWrite([{ replaceOne: { filter: { storeCode: 'B-2' }, replacement: { _id: 'l2', companyId: 'c1', title: 'New' } } }]);
        expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await locations().findOne({ _id: 'l2' })).toEqual({ _id: 'l2', companyId: 'c1', title: 'New' });
      });

      it('replaceOne with the same content matches but modifies nothing', async () => {
        const r = await locations().bulkWrite([{ replaceOne: { filter: { _id: 'l1' }, replacement: fixture()[0]! } }]);
        expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      });

      it('replaceOne without a match: nothing, or an insert with upsert', async () => {
        const none = await locations().bulkWrite([{ replaceOne: { filter: { _id: 'n1' }, replacement: { _id: 'n1', v: 1 } } }]);
        expect(none).toMatchObject({ matchedCount: 0, upsertedCount: 0 });
        expect(await locations().findOne({ _id: 'n1' })).toBeNull();
        const up = await locations().bulkWrite([{ replaceOne: { filter: { _id: 'n1' }, replacement: { _id: 'n1', v: 2 }, upsert: true } }]);
        expect(up).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
        expect(await locations().findOne({ _id: 'n1' })).toEqual({ _id: 'n1', v: 2 });
      });

      it('updateOne applies $set $unset $inc $push $pull $addToSet', async () => {
        const r = await locations().bulkWrite([
          {
            updateOne: {
              filter: { _id: 'l1' },
              update: {
                $set: { title: 'Alpha Bakery & Co', 'address.city': 'Round Rock' },
                $unset: { storeCode: '' },
                $inc: { rating: 0.25, visits: 2 },
                $push: { tags: 'new' },
              },
            },
          },
          { updateOne: { filter: { _id: 'l1' }, update: { $pull: { tags: 'food' }, $addToSet: { labels: 'x' } } } },
          { updateOne: { filter: { _id: 'l1' }, update: { $addToSet: { labels: 'x', tags: 'bakery' } } } },
        ]);
        expect(r).toMatchObject({ matchedCount: 3, modifiedCount: 2 });
        expect(await locations().findOne({ _id: 'l1' })).toEqual({
          _id: 'l1',
          companyId: 'c1',
          title: 'Alpha Bakery & Co',
          rating: 4.75,
          visits: 2,
          status: 'PUBLISHED',
          address: { city: 'Round Rock', zip: '73301' },
          tags: ['bakery', 'new'],
          labels: ['x'],
        });
      });

      it('updateOne that changes nothing reports matched but not modified', async () => {
        const r = await locations().bulkWrite([{ updateOne: { filter: { _id: 'l1' }, update: { $set: { status: 'PUBLISHED' } } } }]);
        expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
      });

      it('updateOne updates only one of several matches', async () => {
        const r = await locations().bulkWrite([{ updateOne: { filter: { companyId: 'c1' }, update: { $set: { flagged: true } } } }]);
        expect(r).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
        expect(await locations().countDocuments({ flagged: true })).toBe(1);
      });

      it('updateOne upsert inserts from the filter equality fields and $setOnInsert, once', async () => {
        const update = { $set: { title: 'Golf' }, $setOnInsert: { createdBy: 'u1' }, $inc: { n: 1 } };
        const first = await locations().bulkWrite([{ updateOne: { filter: { _id: 'n1', companyId: 'c3' }, update, upsert: true } }]);
        expect(first).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
        expect(await locations().findOne({ _id: 'n1' })).toEqual({ _id: 'n1', companyId: 'c3', title: 'Golf', createdBy: 'u1', n: 1 });
        const second = await locations().bulkWrite([
          { updateOne: { filter: { _id: 'n1', companyId: 'c3' }, update: { ...update, $setOnInsert: { createdBy: 'u2' } }, upsert: true } },
        ]);
        expect(second).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await locations().findOne({ _id: 'n1' })).toMatchObject({ createdBy: 'u1', n: 2 });
      });

      it('updateOne upsert without _id in the filter creates a string _id', async () => {
        await locations().bulkWrite([{ updateOne: { filter: { storeCode: 'Z-9' }, update: { $set: { companyId: 'c3' } }, upsert: true } }]);
        const doc = await locations().findOne({ storeCode: 'Z-9' });
        expect(doc).toMatchObject({ storeCode: 'Z-9', companyId: 'c3' });
        expect(typeof doc!._id).toBe('string');
        expect(doc!._id.length).toBeGreaterThan(0);
        await locations().bulkWrite([
          { updateOne: { filter: { storeCode: 'Z-8' }, update: { $set: { companyId: 'c3' }, $setOnInsert: { _id: 'chosen' } }, upsert: true } },
        ]);
        expect(await locations().findOne({ _id: 'chosen' })).toEqual({ _id: 'chosen', storeCode: 'Z-8', companyId: 'c3' });
      });

      it('replaceOne upsert without any _id inserts with a string _id and keeps it on the next replace', async () => {
        const up = await locations().bulkWrite([
          { replaceOne: { filter: { storeCode: 'Z-7' }, replacement: { storeCode: 'Z-7', v: 1 } as never, upsert: true } },
        ]);
        expect(up).toMatchObject({ matchedCount: 0, upsertedCount: 1 });
        const doc = await locations().findOne({ storeCode: 'Z-7' });
        expect(typeof doc!._id).toBe('string');
        expect(doc!._id.length).toBeGreaterThan(0);
        const again = await locations().bulkWrite([
          { replaceOne: { filter: { storeCode: 'Z-7' }, replacement: { storeCode: 'Z-7', v: 2 } as never, upsert: true } },
        ]);
        expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
        expect(await locations().findOne({ storeCode: 'Z-7' })).toEqual({ _id: doc!._id, storeCode: 'Z-7', v: 2 });
      });

      it('updateMany updates every match and counts only real changes', async () => {
        const r = await locations().bulkWrite([{ updateMany: { filter: { companyId: 'c1' }, update: { $set: { status: 'DRAFT' } } } }]);
        expect(r).toMatchObject({ matchedCount: 4, modifiedCount: 2 });
        expect(await locations().countDocuments({ companyId: 'c1', status: 'DRAFT' })).toBe(4);
        expect(await locations().countDocuments({ companyId: 'c2', status: 'DRAFT' })).toBe(0);
      });

      it('deleteOne deletes one match, deleteMany all', async () => {
        const one = await locations().bulkWrite([{ deleteOne: { filter: { companyId: 'c2' } } }]);
        expect(one.deletedCount).toBe(1);
        expect(await locations().countDocuments({ companyId: 'c2' })).toBe(1);
        const many = await locations().bulkWrite([{ deleteMany: { filter: { companyId: 'c1' } } }]);
        expect(many.deletedCount).toBe(4);
        expect(await locations().countDocuments()).toBe(1);
        const none = await locations().bulkWrite([{ deleteMany: { filter: { companyId: 'nobody' } } }]);
        expect(none.deletedCount).toBe(0);
      });

      it('later operations see earlier ones of the same bulkWrite', async () => {
        const r = await locations().bulkWrite([
          { insertOne: { document: { _id: 'n1', companyId: 'c3', n: 1 } } },
          { updateOne: { filter: { _id: 'n1' }, update: { $inc: { n: 1 } } } },
          { updateMany: { filter: { companyId: 'c3' }, update: { $inc: { n: 10 } } } },
          { deleteOne: { filter: { _id: 'l6' } } },
          { replaceOne: { filter: { _id: 'l6' }, replacement: { _id: 'l6', back: true }, upsert: true } },
        ]);
        expect(r).toMatchObject({ insertedCount: 1, matchedCount: 2, modifiedCount: 2, deletedCount: 1, upsertedCount: 1 });
        expect(await locations().findOne({ _id: 'n1' })).toEqual({ _id: 'n1', companyId: 'c3', n: 12 });
        expect(await locations().findOne({ _id: 'l6' })).toEqual({ _id: 'l6', back: true });
      });

      it('an update without operators is an InvalidOperationError and writes nothing', async () => {
        const error = await rejection(
          locations().bulkWrite([{ insertOne: { document: { _id: 'n1' } } }, { updateOne: { filter: { _id: 'l1' }, update: { title: 'no operator' } } }]),
        );
        expect(error).toBeInstanceOf(InvalidOperationError);
        expect(await locations().findOne({ _id: 'n1' })).toBeNull();
      });

      it('changing _id is an InvalidOperationError', async () => {
        const error = await rejection(locations().bulkWrite([{ updateOne: { filter: { _id: 'l1' }, update: { $set: { _id: 'other' } } } }]));
        expect(error).toBeInstanceOf(InvalidOperationError);
        expect(await locations().findOne({ _id: 'l1' })).toEqual(fixture()[0]);
      });

      it('two operators on the same path are an InvalidOperationError', async () => {
        const error = await rejection(locations().bulkWrite([{ updateOne: { filter: { _id: 'l1' }, update: { $set: { rating: 1 }, $inc: { rating: 1 } } } }]));
        expect(error).toBeInstanceOf(InvalidOperationError);
      });

      it('an unknown update operator is an InvalidOperationError', async () => {
        await expect(locations().bulkWrite([{ updateOne: { filter: { _id: 'l1' }, update: { $frobnicate: { rating: 1 } } } }])).rejects.toBeInstanceOf(
          InvalidOperationError,
        );
      });

      it('an empty bulkWrite does nothing', async () => {
        expect(await locations().bulkWrite([])).toEqual({
          insertedCount: 0,
          matchedCount: 0,
          modifiedCount: 0,
          deletedCount: 0,
          upsertedCount: 0,
        });
      });
    });

    describe('indexes', () => {
      beforeEach(seed);
      const uniqueStoreCode = { key: { companyId: 1, storeCode: 1 } as const, unique: true, name: 'company_storeCode' };

      it('a unique index refuses a duplicate insert: DuplicateKeyError, nothing of the bulkWrite written', async () => {
        await locations().createIndexes([uniqueStoreCode]);
        const error = await rejection(
          locations().bulkWrite([
            { insertOne: { document: { _id: 'n1', companyId: 'c2', storeCode: 'A-1' } } }, // other company: fine
            { insertOne: { document: { _id: 'n2', companyId: 'c1', storeCode: 'A-1' } } },
          ]),
        );
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect((error as DuplicateKeyError).index).toBe('company_storeCode');
        expect((error as DuplicateKeyError).collection).toBe(LOCATIONS);
        expect((error as DuplicateKeyError).keyValue).toMatchObject({ storeCode: 'A-1' });
        expect(await locations().findOne({ _id: 'n1' })).toBeNull();
        expect(await locations().findOne({ _id: 'n2' })).toBeNull();
      });

      it('a unique index refuses an update or upsert that would duplicate', async () => {
        await locations().createIndexes([uniqueStoreCode]);
        await expect(locations().bulkWrite([{ updateOne: { filter: { _id: 'l2' }, update: { $set: { storeCode: 'A-1' } } } }])).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(
          locations().bulkWrite([{ updateOne: { filter: { _id: 'n1' }, update: { $set: { companyId: 'c1', storeCode: 'C-3' } }, upsert: true } }]),
        ).rejects.toBeInstanceOf(DuplicateKeyError);
        expect(await locations().findOne({ _id: 'l2' })).toEqual(fixture()[1]);
        expect(await locations().findOne({ _id: 'n1' })).toBeNull();
      });

      it('a unique key freed earlier in the same bulkWrite can be taken', async () => {
        await locations().createIndexes([uniqueStoreCode]);
        await locations().bulkWrite([
          { updateOne: { filter: { _id: 'l1' }, update: { $set: { storeCode: 'A-1-old' } } } },
          { insertOne: { document: { _id: 'n1', companyId: 'c1', storeCode: 'A-1' } } },
        ]);
        expect(await locations().countDocuments({ companyId: 'c1', storeCode: 'A-1' })).toBe(1);
      });

      it('creating a unique index over duplicates fails with DuplicateKeyError', async () => {
        await expect(locations().createIndexes([{ key: { companyId: 1 }, unique: true }])).rejects.toBeInstanceOf(DuplicateKeyError);
        // The failed index is not there: duplicates can still be written.
        await locations().bulkWrite([{ insertOne: { document: { _id: 'n1', companyId: 'c1' } } }]);
      });

      it('creating the same index twice is harmless', async () => {
        await locations().createIndexes([uniqueStoreCode, { key: { status: 1 } }]);
        await locations().createIndexes([uniqueStoreCode]);
        expect(await locations().countDocuments({ status: 'DRAFT' })).toBe(2);
      });

      it('queries through indexes give the same answers, including multikey and null', async () => {
        await locations().createIndexes([
          { key: { companyId: 1, tags: 1 } },
          { key: { 'address.city': 1 } },
          { key: { closedAt: 1 } },
          { key: { title: 'text' } },
        ]);
        expect(sortedIds(await locations().find({ companyId: 'c1', tags: 'food' }))).toEqual(['l1', 'l3']);
        expect(sortedIds(await locations().find({ companyId: { $in: ['c1', 'c2'] }, tags: { $in: ['health', 'coffee'] } }))).toEqual(['l3', 'l5']);
        expect(sortedIds(await locations().find({ 'address.city': 'Austin' }))).toEqual(['l1', 'l3']);
        expect(sortedIds(await locations().find({ closedAt: null }))).toHaveLength(6);
        expect(sortedIds(await locations().find({ companyId: 'c2', tags: { $exists: true } }))).toEqual(['l4', 'l5']);

        await locations().bulkWrite([
          { updateOne: { filter: { _id: 'l5' }, update: { $set: { 'address.city': 'Austin' } } } },
          { deleteOne: { filter: { _id: 'l1' } } },
          { insertOne: { document: { _id: 'n1', companyId: 'c1', tags: 'food', address: { city: 'Austin' } } } },
        ]);
        expect(sortedIds(await locations().find({ 'address.city': 'Austin' }))).toEqual(['l3', 'l5', 'n1']);
        expect(sortedIds(await locations().find({ companyId: 'c1', tags: 'food' }))).toEqual(['l3', 'n1']);
        expect(await locations().countDocuments({ companyId: 'c1', tags: 'food' })).toBe(2);
      });

      it("a 'text' field answers literal $regex searches exactly, before and after writes, and reads hold only the document", async () => {
        await locations().createIndexes([{ key: { companyId: 1, title: 'text' } }]);
        const search = (text: string) => locations().find({ companyId: 'c1', title: { $regex: text } });
        expect(sortedIds(await search('Bakery'))).toEqual(['l1']);
        expect(sortedIds(await search('a'))).toEqual(['l1', 'l2', 'l3']);
        await locations().bulkWrite([
          { updateOne: { filter: { _id: 'l2' }, update: { $set: { title: 'Bravo Bakery' } } } },
          { replaceOne: { filter: { _id: 'l1' }, replacement: { _id: 'l1', companyId: 'c1', title: 'Alpha Books' } } },
          { insertOne: { document: { _id: 'n1', companyId: 'c1', title: 'Bakery. Two' } } },
        ]);
        expect(sortedIds(await search('Bakery'))).toEqual(['l2', 'n1']);
        expect(sortedIds(await search('y\\. T'))).toEqual(['n1']);
        expect(await locations().countDocuments({ companyId: 'c1', title: { $regex: 'Books' } })).toBe(1);
        expect(await search('Books')).toEqual([{ _id: 'l1', companyId: 'c1', title: 'Alpha Books' }]);
        expect(await locations().findOne({ _id: 'n1' })).toEqual({ _id: 'n1', companyId: 'c1', title: 'Bakery. Two' });
      });

      it('operations in one bulkWrite find documents staged before them through an index', async () => {
        await locations().createIndexes([{ key: { companyId: 1 } }]);
        const r = await locations().bulkWrite([
          { insertOne: { document: { _id: 'n1', companyId: 'c3' } } },
          { updateOne: { filter: { _id: 'l1' }, update: { $set: { companyId: 'c3' } } } },
          { updateMany: { filter: { companyId: 'c3' }, update: { $set: { moved: true } } } },
          { deleteMany: { filter: { companyId: 'c1' } } },
        ]);
        expect(r).toMatchObject({ insertedCount: 1, matchedCount: 3, modifiedCount: 3, deletedCount: 3 });
        expect(sortedIds(await locations().find({ companyId: 'c3', moved: true }))).toEqual(['l1', 'n1']);
        expect(await locations().countDocuments({ companyId: 'c1' })).toBe(0);
      });
    });

    describe('commit, checkpoints, collections', () => {
      it('a document looked up by id while missing is found once written, and gone once deleted', async () => {
        await seed();
        const byIn = () => locations().find({ _id: { $in: ['late', 'nowhere'] } });
        expect(await locations().findOne({ _id: 'late' })).toBeNull();
        expect(await locations().find({ _id: 'late' })).toEqual([]);
        expect(await byIn()).toEqual([]);
        await store.commit({ writes: [{ collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'late', n: 1 } } }] }] });
        expect(await locations().findOne({ _id: 'late' })).toEqual({ _id: 'late', n: 1 });
        expect(await byIn()).toEqual([{ _id: 'late', n: 1 }]);
        expect(await locations().find({ _id: { $in: ['late'] } }, { projection: { _id: 1 } })).toEqual([{ _id: 'late' }]);
        await locations().bulkWrite([{ deleteOne: { filter: { _id: 'late' } } }]);
        expect(await byIn()).toEqual([]);
        expect(await locations().findOne({ _id: 'late' })).toBeNull();
      });

      it('a few ids, some missing: every one that exists is found, whether read before, missing before or never asked', async () => {
        await seed();
        const idsOf = async (list: string[], options: FindOptions = {}) => ids(await locations().find({ _id: { $in: list } }, options));
        expect(await idsOf(['none1', 'none2'])).toEqual([]);
        expect(await locations().findOne({ _id: 'l3' })).toMatchObject({ _id: 'l3' });
        expect(await idsOf(['none1', 'l3', 'none2', 'l3'])).toEqual(['l3']);
        expect((await idsOf(['l2', 'none1', 'l1', 'none2'])).sort()).toEqual(['l1', 'l2']);
        expect(await idsOf(['l2', 'none1', 'l1', 'l3'], { sort: { _id: -1 }, skip: 1, limit: 1 })).toEqual(['l2']);
        expect(await idsOf(['none1', 'l3'], { skip: 1 })).toEqual([]);
        await store.commit({ writes: [{ collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'none1', n: 1 } } }] }] });
        expect((await idsOf(['none1', 'none2', 'l3'])).sort()).toEqual(['l3', 'none1']);
        await locations().bulkWrite([{ deleteOne: { filter: { _id: 'l3' } } }]);
        expect(await idsOf(['none1', 'none2', 'l3'])).toEqual(['none1']);
      });

      it('writes documents of several collections and the checkpoint together', async () => {
        await store.commit({
          writes: [
            { collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'l1', companyId: 'c1' } } }] },
            { collection: REVIEWS, ops: [{ insertOne: { document: { _id: 'r1', locationId: 'l1', stars: 5 } } }] },
            { collection: LOCATIONS, ops: [{ updateOne: { filter: { _id: 'l1' }, update: { $set: { reviewCount: 1 } } } }] },
          ],
          checkpoint: { name: 'contract-projection', position: 42 },
        });
        expect(await locations().findOne({ _id: 'l1' })).toEqual({ _id: 'l1', companyId: 'c1', reviewCount: 1 });
        expect(await store.collection(REVIEWS).countDocuments()).toBe(1);
        const checkpoint = await store.getCheckpoint('contract-projection');
        expect(checkpoint).toMatchObject({ name: 'contract-projection', position: 42 });
        expect(Number.isNaN(Date.parse(checkpoint!.updatedAt))).toBe(false);
      });

      /** l1 committed at position 1; then a batch (a review and these location ops, position 2) that must fail whole. */
      const failingSecondBatch = async (locationOps: WriteOp[]) => {
        await store.commit({
          writes: [{ collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'l1', companyId: 'c1' } } }] }],
          checkpoint: { name: 'contract-projection', position: 1 },
        });
        const error = await rejection(
          store.commit({
            writes: [
              { collection: REVIEWS, ops: [{ insertOne: { document: { _id: 'r1', stars: 4 } } }] },
              { collection: LOCATIONS, ops: locationOps },
            ],
            checkpoint: { name: 'contract-projection', position: 2 },
          }),
        );
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(await store.collection(REVIEWS).findOne({ _id: 'r1' })).toBeNull();
        expect(await locations().find({}, { sort: { _id: 1 } })).toEqual([{ _id: 'l1', companyId: 'c1' }]);
        expect((await store.getCheckpoint('contract-projection'))!.position).toBe(1);
      };

      it('an insert of an id committed before fails the batch with DuplicateKeyError, writing nothing of it', async () => {
        await failingSecondBatch([{ insertOne: { document: { _id: 'l2', companyId: 'c1' } } }, { insertOne: { document: { _id: 'l1', companyId: 'c9' } } }]);
        // Deleted and inserted again in one batch: the committed row is replaced.
        await store.commit({
          writes: [{ collection: LOCATIONS, ops: [{ deleteOne: { filter: { _id: 'l1' } } }, { insertOne: { document: { _id: 'l1', companyId: 'c2' } } }] }],
        });
        expect(await locations().find({})).toEqual([{ _id: 'l1', companyId: 'c2' }]);
      });

      it('a failing operation rolls back the whole batch, checkpoint included', async () => {
        await failingSecondBatch([
          { updateOne: { filter: { _id: 'l1' }, update: { $set: { touched: true } } } },
          { insertOne: { document: { _id: 'l1', companyId: 'c1' } } },
        ]);
      });

      it('an invalid operation rolls back the batch too', async () => {
        await expect(
          store.commit({
            writes: [
              { collection: REVIEWS, ops: [{ insertOne: { document: { _id: 'r1' } } }] },
              { collection: LOCATIONS, ops: [{ updateOne: { filter: { _id: 'x' }, update: { plain: 1 } } }] },
            ],
            checkpoint: { name: 'contract-projection', position: 9 },
          }),
        ).rejects.toBeInstanceOf(InvalidOperationError);
        expect(await store.collection(REVIEWS).countDocuments()).toBe(0);
        expect(await store.getCheckpoint('contract-projection')).toBeNull();
      });

      it('a checkpoint alone can be committed, moved, read and deleted', async () => {
        expect(await store.getCheckpoint('contract-a')).toBeNull();
        await store.commit({ writes: [], checkpoint: { name: 'contract-a', position: 5 } });
        await store.commit({ writes: [], checkpoint: { name: 'contract-b', position: 7 } });
        await store.commit({ writes: [], checkpoint: { name: 'contract-a', position: 6 } });
        expect((await store.getCheckpoint('contract-a'))!.position).toBe(6);
        await store.deleteCheckpoint('contract-a');
        expect(await store.getCheckpoint('contract-a')).toBeNull();
        expect((await store.getCheckpoint('contract-b'))!.position).toBe(7);
        await store.deleteCheckpoint('contract-missing');
      });

      it('a checkpoint never moves back: the commit is refused with CheckpointFencedError and writes nothing', async () => {
        await store.commit({ writes: [], checkpoint: { name: 'contract-forward', position: 50 } });
        const refused = await rejection(
          store.commit({
            writes: [{ collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'behind' } } }] }],
            checkpoint: { name: 'contract-forward', position: 40 },
          }),
        );
        expect(refused).toBeInstanceOf(CheckpointFencedError);
        expect((refused as CheckpointFencedError).checkpoint).toBe('contract-forward');
        expect((await store.getCheckpoint('contract-forward'))!.position).toBe(50);
        expect(await locations().findOne({ _id: 'behind' })).toBeNull();
      });

      it('listCollections shows written and indexed collections, not checkpoints, and forgets dropped ones', async () => {
        await store.commit({
          writes: [{ collection: LOCATIONS, ops: [{ insertOne: { document: { _id: 'l1' } } }] }],
          checkpoint: { name: 'contract-projection', position: 1 },
        });
        await store.collection(REVIEWS).createIndexes([{ key: { locationId: 1 } }]);
        const names = await store.listCollections();
        expect(names).toEqual(expect.arrayContaining([LOCATIONS, REVIEWS]));
        expect(names).not.toContain('_checkpoints');
        await store.collection(REVIEWS).drop();
        expect(await store.listCollections()).not.toContain(REVIEWS);
        await store.collection('contract_never_created').drop();
      });

      it('drop removes documents and indexes', async () => {
        await seed();
        await locations().createIndexes([{ key: { storeCode: 1 }, unique: true }]);
        await locations().drop();
        expect(await locations().countDocuments()).toBe(0);
        await seed();
        await locations().bulkWrite([{ insertOne: { document: { _id: 'n1', storeCode: 'A-1' } } }]);
        expect(await locations().countDocuments({ storeCode: 'A-1' })).toBe(2);
      });

      it('refuses the reserved _checkpoints collection', () => {
        expect(() => store.collection('_checkpoints')).toThrow(InvalidOperationError);
      });
    });

    describe.skipIf(!opts.reopen)('durability across reopen', () => {
      it('keeps documents, deletions, indexes, collections and checkpoints', async () => {
        await seed();
        await locations().createIndexes([{ key: { companyId: 1, storeCode: 1 }, unique: true, name: 'company_storeCode' }]);
        await store.commit({
          writes: [
            {
              collection: LOCATIONS,
              ops: [{ deleteOne: { filter: { _id: 'l6' } } }, { updateOne: { filter: { _id: 'l1' }, update: { $inc: { rating: 0.5 } } } }],
            },
            { collection: REVIEWS, ops: [{ insertOne: { document: { _id: 'r1', locationId: 'l1', stars: 5 } } }] },
          ],
          checkpoint: { name: 'contract-projection', position: 77 },
        });
        await rejection(
          store.commit({
            writes: [{ collection: REVIEWS, ops: [{ insertOne: { document: { _id: 'r2' } } }, { insertOne: { document: { _id: 'r1' } } }] }],
            checkpoint: { name: 'contract-projection', position: 78 },
          }),
        );
        await store.close();

        store = await open(opts.reopen!);
        expect(sortedIds(await locations().find())).toEqual(['l1', 'l2', 'l3', 'l4', 'l5']);
        expect(await locations().findOne({ _id: 'l1' })).toEqual({ ...fixture()[0], rating: 5 });
        expect(await store.collection(REVIEWS).find()).toEqual([{ _id: 'r1', locationId: 'l1', stars: 5 }]);
        expect((await store.getCheckpoint('contract-projection'))!.position).toBe(77);
        expect(await store.listCollections()).toEqual(expect.arrayContaining([LOCATIONS, REVIEWS]));
        await expect(locations().bulkWrite([{ insertOne: { document: { _id: 'n1', companyId: 'c1', storeCode: 'B-2' } } }])).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        expect(sortedIds(await locations().find({ companyId: 'c1' }))).toEqual(['l1', 'l2', 'l3']);
      });
    });
  });
}
