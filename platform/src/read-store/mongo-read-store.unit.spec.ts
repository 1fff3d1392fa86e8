import { MongoBulkWriteError, MongoInvalidArgumentError, MongoServerError, type BulkWriteResult } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { parseDupKey, toMongoOps, toPortError } from './mongo-read-store';
import { DuplicateKeyError, InvalidOperationError } from './read-store-errors';

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
});
