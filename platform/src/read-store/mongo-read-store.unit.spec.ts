import { MongoBulkWriteError, MongoInvalidArgumentError, MongoServerError, type BulkWriteResult } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { parseDupKey, toMongoOps, toPortError } from './mongo-read-store';
import { DuplicateKeyError, InvalidOperationError, TransactionLimitError } from './read-store-errors';

/**
 * The MongoDB adapter's pure parts, testable without a server: error mapping (error shapes
 * as the driver builds them in lib/bulk/common.js and lib/error.js) and the write models.
 */
const DUP_MESSAGE = 'E11000 duplicate key error collection: locus.locations_v1 index: company_storeCode dup key: { companyId: "c1", storeCode: "A-1" }';

function bulkError(code: number, errmsg: string): MongoBulkWriteError {
  // What the driver gives: WriteError objects whose `err` holds index, code, errmsg, errInfo, op (no keyValue).
  const writeError = { code, errmsg, index: 1, err: { index: 1, code, errmsg, errInfo: {}, op: {} } };
  return new MongoBulkWriteError({ message: errmsg, code, writeErrors: [writeError as never] }, {} as BulkWriteResult);
}

describe('MongoDB adapter: error mapping', () => {
  it('a bulk write duplicate becomes DuplicateKeyError with collection, index and key', () => {
    const mapped = toPortError(bulkError(11000, DUP_MESSAGE), 'fallback', 'locus');
    expect(mapped).toBeInstanceOf(DuplicateKeyError);
    expect(mapped).toMatchObject({
      collection: 'locations_v1',
      index: 'company_storeCode',
      keyValue: { companyId: 'c1', storeCode: 'A-1' },
    });
  });

  it('a duplicate found while building a unique index becomes DuplicateKeyError', () => {
    const error = new MongoServerError({ message: DUP_MESSAGE, errmsg: DUP_MESSAGE, code: 11000, keyValue: { companyId: 'c1', storeCode: 'A-1' } });
    expect(toPortError(error, 'locations_v1', 'locus')).toMatchObject({ index: 'company_storeCode', keyValue: { storeCode: 'A-1' } });
  });

  it('a transaction too large or past its lifetime becomes TransactionLimitError', () => {
    const lifetime = new MongoServerError({ message: 'Aborted transaction: exceeded lifetime', code: 290 });
    expect(toPortError(lifetime, 'c', 'db')).toMatchObject({ limit: 'time' });
    expect(toPortError(new MongoServerError({ message: 'too large', code: 334 }), 'c', 'db')).toBeInstanceOf(TransactionLimitError);
    expect(toPortError(bulkError(10334, 'object to insert too large'), 'c', 'db')).toMatchObject({ limit: 'bytes' });
  });

  it('names an index with a text field as it was declared', () => {
    const message = 'E11000 duplicate key error collection: locus.x index: search@ngrams:searchText dup key: { companyId: "c1" }';
    expect(toPortError(bulkError(11000, message), 'x', 'locus')).toMatchObject({ index: 'search' });
  });

  it('invalid updates and arguments become InvalidOperationError; other errors pass through', () => {
    expect(toPortError(bulkError(66, "Performing an update on the path '_id' would modify the immutable field '_id'"), 'c', 'db')).toBeInstanceOf(
      InvalidOperationError,
    );
    expect(toPortError(new MongoInvalidArgumentError('Update document requires atomic operators'), 'c', 'db')).toBeInstanceOf(InvalidOperationError);
    const network = new MongoServerError({ message: 'not primary', code: 10107 });
    expect(toPortError(network, 'c', 'db')).toBe(network);
    const plain = new Error('boom');
    expect(toPortError(plain, 'c', 'db')).toBe(plain);
  });

  it('reads keys of several types back from the server message', () => {
    expect(parseDupKey('E11000 duplicate key error collection: d.x index: a_1 dup key: { a: 12.5, b: null, c: "x, \\"y\\"" }')).toEqual({
      a: 12.5,
      b: null,
      c: 'x, "y"',
    });
    expect(parseDupKey('something else')).toEqual({});
  });
});

describe('MongoDB adapter: write models', () => {
  it('gives an upsert without _id in its filter a string _id on insert', () => {
    const [op] = toMongoOps('c', [{ updateOne: { filter: { storeCode: 'Z' }, update: { $set: { a: 1 } }, upsert: true } }], () => 'new-id');
    expect(op).toEqual({
      updateOne: { filter: { storeCode: 'Z' }, update: { $set: { a: 1 }, $setOnInsert: { _id: 'new-id' } }, upsert: true },
    });
  });

  it('leaves upserts that name their _id alone and refuses non-string ids', () => {
    const ops = toMongoOps('c', [{ updateOne: { filter: { _id: 'x' }, update: { $set: { a: 1 } }, upsert: true } }], () => 'unused');
    expect(ops[0]).toEqual({ updateOne: { filter: { _id: 'x' }, update: { $set: { a: 1 } }, upsert: true } });
    expect(() => toMongoOps('c', [{ insertOne: { document: { _id: 42 as unknown as string } } }], () => 'x')).toThrow(InvalidOperationError);
  });

  it('gives a replacement upserted without any _id a string one, for the insert only', () => {
    const [op] = toMongoOps('c', [{ replaceOne: { filter: { storeCode: 'Z' }, replacement: { a: 1 } as never, upsert: true } }], () => 'new-id');
    expect(op).toEqual({
      updateOne: {
        filter: { storeCode: 'Z' },
        update: [{ $replaceWith: { $mergeObjects: [{ _id: { $ifNull: ['$_id', 'new-id'] } }, { $literal: { a: 1 } }] } }],
        upsert: true,
      },
    });
    // Named by the filter or the replacement: MongoDB keeps that string.
    const named = toMongoOps('c', [{ replaceOne: { filter: { _id: 'x' }, replacement: { a: 1 } as never, upsert: true } }], () => 'unused');
    expect(named[0]).toEqual({ replaceOne: { filter: { _id: 'x' }, replacement: { a: 1 }, upsert: true } });
  });

  it('documents of a collection with text fields carry their n-gram array', () => {
    const ops = toMongoOps(
      'c',
      [
        { insertOne: { document: { _id: 'a', searchText: 'abcd' } } },
        { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', searchText: 'wxyz' }, upsert: true } },
        { updateOne: { filter: { _id: 'c' }, update: { $set: { searchText: 'klmn' } } } },
      ],
      () => 'unused',
      ['searchText'],
    );
    expect(ops).toEqual([
      { insertOne: { document: { _id: 'a', searchText: 'abcd', _ngrams: ['abc', 'bcd'] } } },
      { replaceOne: { filter: { _id: 'b' }, replacement: { _id: 'b', searchText: 'wxyz', _ngrams: ['wxy', 'xyz'] }, upsert: true } },
      { updateOne: { filter: { _id: 'c' }, update: { $set: { searchText: 'klmn', _ngrams: ['klm', 'lmn'] } }, upsert: false } },
    ]);
  });
});
