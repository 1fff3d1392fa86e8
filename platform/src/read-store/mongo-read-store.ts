import { randomUUID } from 'node:crypto';
import {
  MongoBulkWriteError,
  MongoClient,
  MongoInvalidArgumentError,
  MongoServerError,
  type AnyBulkWriteOperation,
  type ClientSession,
  type Document,
  type Filter as MongoFilter,
  type IndexDescription,
  type Sort,
} from 'mongodb';
import type {
  AtomicBatch,
  BulkWriteResult,
  Checkpoint,
  Collection,
  CountOptions,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Projection,
  ReadStore,
  WriteOp,
} from './read-store';
import { assertCheckpointMovesOn, assertLeaseHeld, DuplicateKeyError, InvalidOperationError, TransactionLimitError } from './read-store-errors';
import { MONGO_MAX_BSON_BYTES, MONGO_TRANSACTION_LIFETIME_MS } from './commit-limits';
import { assertCheckpoint, assertCollectionName, CHECKPOINTS_COLLECTION, LEASES_COLLECTION } from './collection-names';
import {
  declaredIndexName,
  documentNgrams,
  NGRAM_FIELD,
  ngramUpdate,
  stripNgrams,
  textFieldsOfIndexNames,
  toServerIndexSpec,
  translateTextFilter,
  withNgrams,
  withoutNgrams,
} from './mongo-text-search';

/**
 * MongoDB ReadStore. Needs a replica set (a single-node one is enough): commit() and every
 * bulkWrite run in a session transaction, so a batch's documents and its checkpoint (in
 * `_checkpoints`) are written together or not at all. Errors are mapped to the port's
 * DuplicateKeyError / InvalidOperationError so callers behave the same on both adapters.
 */
export interface MongoReadStoreOptions {
  url: string;
  dbName: string;
  now?: () => Date;
  /** _id for upserts whose filter names none (MongoDB would make an ObjectId; the port keeps string ids). */
  newId?: () => string;
}

interface CheckpointDoc {
  _id: string;
  position: number;
  updatedAt: string;
  fence?: number;
}

/** Server error codes meaning "the operation is invalid" rather than "the server failed". */
const INVALID_OPERATION_CODES = new Set([
  2, // BadValue
  9, // FailedToParse
  14, // TypeMismatch
  40, // ConflictingUpdateOperators
  52, // DollarPrefixedFieldName
  54, // NotSingleValueField
  66, // ImmutableField
  67, // CannotCreateIndex
  85, // IndexOptionsConflict
  86, // IndexKeySpecsConflict
  197, // InvalidIndexSpecificationOption
]);

/** Server error codes meaning "this transaction is too large or lived too long". */
const TRANSACTION_LIMIT_CODES = new Map<number, 'bytes' | 'time'>([
  [10334, 'bytes'], // BSONObjectTooLarge
  [334, 'bytes'], // TransactionTooLarge
  [290, 'time'], // TransactionExceededLifetimeLimitSeconds
]);

export function createMongoReadStore(options: MongoReadStoreOptions): ReadStore {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  // ignoreUndefined: undefined fields are left out, as JSON (the embedded adapter) does.
  const client = new MongoClient(options.url, { ignoreUndefined: true });
  const db = client.db(options.dbName);
  const checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('read store is closed');
  };

  async function inTransaction<T>(collection: string, work: (session: ClientSession) => Promise<T>): Promise<T> {
    assertOpen();
    const session = client.startSession();
    try {
      return await session.withTransaction(() => work(session), {
        readConcern: { level: 'snapshot' },
        writeConcern: { w: 'majority' },
      });
    } catch (error) {
      throw toPortError(error, collection, options.dbName);
    } finally {
      await session.endSession();
    }
  }

  /**
   * Each collection's text fields, learnt from the server's index names (mongo-text-search.ts).
   * A collection with no index yet is asked again next time: projections declare their indexes
   * before they write, so every writer sees them.
   */
  const textFieldsKnown = new Map<string, Promise<string[]>>();
  const textFieldsOf = (name: string): Promise<string[]> => {
    let known = textFieldsKnown.get(name);
    if (!known) {
      known = (async () => {
        let names: string[] = [];
        try {
          names = (await db.collection(name).listIndexes().toArray()).map((i) => String(i.name));
        } catch (error) {
          if (!(error instanceof MongoServerError && error.codeName === 'NamespaceNotFound')) throw error;
        }
        if (names.length === 0) textFieldsKnown.delete(name);
        return textFieldsOfIndexNames(names);
      })();
      known.catch(() => textFieldsKnown.delete(name));
      textFieldsKnown.set(name, known);
    }
    return known;
  };

  const mapped = async <T>(collection: string, work: () => Promise<T>): Promise<T> => {
    assertOpen();
    try {
      return await work();
    } catch (error) {
      throw toPortError(error, collection, options.dbName);
    }
  };

  /** Documents written before a text field was declared get their n-gram arrays (a page at a time). */
  async function backfillNgrams(name: string, textFields: string[]): Promise<void> {
    const coll = db.collection<Document>(name);
    const page: AnyBulkWriteOperation<Document>[] = [];
    const flush = async () => {
      if (page.length > 0) await coll.bulkWrite(page.splice(0), { ordered: false });
    };
    for await (const doc of coll.find({}, { projection: Object.fromEntries(textFields.map((f) => [f, 1])) })) {
      page.push({ updateOne: { filter: { _id: doc._id }, update: { $set: { [NGRAM_FIELD]: documentNgrams(doc, textFields) } } } });
      if (page.length >= 1_000) await flush();
    }
    await flush();
  }

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertCollectionName(name);
    const coll = db.collection<Document>(name);
    return {
      name,
      find: (filter: Filter = {}, findOptions: FindOptions = {}) =>
        mapped(name, async () => {
          const texts = await textFieldsOf(name);
          let cursor = coll.find(translateTextFilter(filter, texts) as MongoFilter<Document>, readOptions(texts, findOptions.projection));
          if (findOptions.sort && Object.keys(findOptions.sort).length) cursor = cursor.sort(findOptions.sort as Sort);
          if (findOptions.skip) cursor = cursor.skip(findOptions.skip);
          if (findOptions.limit) cursor = cursor.limit(Math.abs(findOptions.limit));
          return (await cursor.toArray()) as unknown as T[];
        }),
      findOne: (filter: Filter, findOptions = {}) =>
        mapped(name, async () => {
          const texts = await textFieldsOf(name);
          const doc = await coll.findOne(translateTextFilter(filter, texts) as MongoFilter<Document>, readOptions(texts, findOptions.projection));
          return doc as unknown as T | null;
        }),
      countDocuments: (filter: Filter = {}, options: CountOptions = {}) =>
        mapped(name, async () =>
          coll.countDocuments(translateTextFilter(filter, await textFieldsOf(name)) as MongoFilter<Document>, options.limit ? { limit: options.limit } : {}),
        ),
      aggregate: <R = Doc>(pipeline: Record<string, unknown>[]) =>
        mapped(name, async () => {
          const texts = await textFieldsOf(name);
          const [first, ...rest] = pipeline;
          const stages = first && '$match' in first ? [{ $match: translateTextFilter(first.$match as Filter, texts) }, ...rest] : pipeline;
          const rows = await coll.aggregate<Document>(stages).toArray();
          return (texts.length > 0 ? rows.map((row) => stripNgrams(row as Doc)) : rows) as unknown as R[];
        }),
      bulkWrite: async (ops: WriteOp[]) => {
        if (ops.length === 0) return emptyResult();
        const models = toMongoOps(name, ops, newId, await mapped(name, () => textFieldsOf(name)));
        return inTransaction(name, async (session) => toResult(await coll.bulkWrite(models, { session, ordered: true })));
      },
      createIndexes: (indexes: IndexSpec[]) =>
        mapped(name, async () => {
          if (indexes.length === 0) return;
          const before = await textFieldsOf(name);
          await coll.createIndexes(indexes.map((spec) => toIndexDescription(toServerIndexSpec(spec))));
          textFieldsKnown.delete(name);
          const after = await textFieldsOf(name);
          if (after.join() !== before.join()) await backfillNgrams(name, after);
        }),
      drop: () =>
        mapped(name, async () => {
          try {
            await coll.drop();
            textFieldsKnown.delete(name);
          } catch (error) {
            if (error instanceof MongoServerError && error.codeName === 'NamespaceNotFound') return;
            throw error;
          }
        }),
    };
  }

  return {
    commitLimits: { maxBytes: MONGO_MAX_BSON_BYTES, maxMs: MONGO_TRANSACTION_LIFETIME_MS },
    collection,
    async listCollections() {
      assertOpen();
      const infos = await db.listCollections({}, { nameOnly: true }).toArray();
      return infos.map((i) => i.name).filter((n) => n !== CHECKPOINTS_COLLECTION && !n.startsWith('system.'));
    },
    async commit(batch: AtomicBatch) {
      const writes = batch.writes.filter((w) => w.ops.length > 0);
      for (const w of writes) assertCollectionName(w.collection);
      if (batch.checkpoint) assertCheckpoint(batch.checkpoint);
      if (writes.length === 0 && !batch.checkpoint) return;
      const models: { collection: string; ops: AnyBulkWriteOperation<Document>[] }[] = [];
      for (const w of writes)
        models.push({ collection: w.collection, ops: toMongoOps(w.collection, w.ops, newId, await mapped(w.collection, () => textFieldsOf(w.collection))) });
      const checkpoint = batch.checkpoint;
      await inTransaction(writes[0]?.collection ?? CHECKPOINTS_COLLECTION, async (session) => {
        // Sequential on purpose: operations of one transaction must not run in parallel.
        for (const w of models) await db.collection<Document>(w.collection).bulkWrite(w.ops, { session, ordered: true });
        if (checkpoint) {
          // Read in the transaction: a concurrent writer of the checkpoint makes one of the two abort.
          assertCheckpointMovesOn(await checkpoints.findOne({ _id: checkpoint.name }, { session }), checkpoint);
          if (checkpoint.lease) {
            // The lease and the server's clock ($$NOW) read in the same transaction: a holder
            // whose lease lapsed by the server's time cannot commit, whatever its own clock says.
            const [held] = await db
              .collection<Document>(LEASES_COLLECTION)
              .aggregate([{ $match: { _id: checkpoint.lease.name } }, { $addFields: { serverNow: { $toLong: '$$NOW' } } }], { session })
              .toArray();
            assertLeaseHeld(held, checkpoint, Number(held?.serverNow ?? 0));
          }
          await checkpoints.updateOne(
            { _id: checkpoint.name },
            {
              $set: {
                position: checkpoint.position,
                updatedAt: now().toISOString(),
                ...(checkpoint.fence !== undefined ? { fence: checkpoint.fence } : {}),
              },
            },
            { upsert: true, session },
          );
        }
      });
    },
    async getCheckpoint(name: string): Promise<Checkpoint | null> {
      assertOpen();
      const doc = await checkpoints.findOne({ _id: name });
      return doc ? { name: doc._id, position: doc.position, updatedAt: doc.updatedAt, ...(doc.fence !== undefined ? { fence: doc.fence } : {}) } : null;
    },
    async serverTime() {
      assertOpen();
      const [row] = await db.aggregate<{ now: number }>([{ $documents: [{}] }, { $project: { _id: 0, now: { $toLong: '$$NOW' } } }]).toArray();
      return Number(row!.now);
    },
    async deleteCheckpoint(name: string) {
      assertOpen();
      await checkpoints.deleteOne({ _id: name });
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * The port's write ops are MongoDB's bulkWrite models; the additions keep both adapters alike:
 * inserted ids must be strings, an upsert whose filter names no _id gets a string one (MongoDB
 * would invent an ObjectId), and documents of a collection with text fields carry their n-gram
 * array (mongo-text-search.ts).
 */
export function toMongoOps(collection: string, ops: WriteOp[], newId: () => string, textFields: readonly string[] = []): AnyBulkWriteOperation<Document>[] {
  return ops.map((op): AnyBulkWriteOperation<Document> => {
    if ('insertOne' in op) {
      const doc = op.insertOne.document;
      if (typeof doc?._id !== 'string' || doc._id.length === 0) {
        throw new InvalidOperationError(collection, '_id must be a non-empty string');
      }
      return { insertOne: { document: withNgrams(doc, textFields) as Document } };
    }
    if ('replaceOne' in op) {
      const { filter, replacement, upsert } = op.replaceOne;
      if (replacement?._id !== undefined && (typeof replacement._id !== 'string' || replacement._id.length === 0)) {
        throw new InvalidOperationError(collection, '_id must be a non-empty string');
      }
      const written = withNgrams(replacement, textFields);
      if (upsert && replacement?._id === undefined && typeof equalityId(filter) !== 'string') {
        // A replacement keeps a matched document's _id; only an insert needs one, and MongoDB
        // would make it an ObjectId. As a pipeline update the new id applies to the insert alone.
        const replaceWith = { $mergeObjects: [{ _id: { $ifNull: ['$_id', newId()] } }, { $literal: written }] };
        return { updateOne: { filter: filter as MongoFilter<Document>, update: [{ $replaceWith: replaceWith }], upsert: true } };
      }
      return { replaceOne: { filter: filter as MongoFilter<Document>, replacement: written, upsert: upsert === true } };
    }
    if ('updateOne' in op) {
      const { filter, update, upsert } = op.updateOne;
      let spec = ngramUpdate(collection, filter, update, upsert === true, textFields) as Document;
      if (upsert && typeof equalityId(filter) !== 'string' && isOperatorDocument(spec)) {
        const setOnInsert = (spec.$setOnInsert ?? {}) as Document;
        const setsId = '_id' in setOnInsert || '_id' in ((spec.$set ?? {}) as Document);
        if (!setsId) spec = { ...spec, $setOnInsert: { ...setOnInsert, _id: newId() } };
      }
      return { updateOne: { filter: filter as MongoFilter<Document>, update: spec, upsert: upsert === true } };
    }
    if ('updateMany' in op) {
      const { filter, update } = op.updateMany;
      return { updateMany: { filter: filter as MongoFilter<Document>, update: ngramUpdate(collection, filter, update, false, textFields) as Document } };
    }
    if ('deleteOne' in op) return { deleteOne: { filter: op.deleteOne.filter as MongoFilter<Document> } };
    if ('deleteMany' in op) return { deleteMany: { filter: op.deleteMany.filter as MongoFilter<Document> } };
    throw new InvalidOperationError(collection, `unknown bulkWrite operation ${Object.keys(op as object).join(', ')}`);
  });
}

/** Find options of a read: its projection, the n-gram field left out where the collection has one. */
function readOptions(textFields: readonly string[], projection: Projection | undefined): { projection?: Document } {
  if (textFields.length > 0) return { projection: withoutNgrams(projection) };
  return projection ? { projection } : {};
}

function equalityId(filter: Filter): unknown {
  const id = filter?._id;
  if (id !== null && typeof id === 'object' && !(id instanceof RegExp) && '$eq' in (id as object)) {
    return (id as { $eq: unknown }).$eq;
  }
  return id;
}

function isOperatorDocument(update: Document): boolean {
  const keys = Object.keys(update ?? {});
  return keys.length > 0 && keys.every((k) => k.startsWith('$'));
}

function toIndexDescription(spec: IndexSpec): IndexDescription {
  return {
    key: spec.key,
    ...(spec.name ? { name: spec.name } : {}),
    ...(spec.unique ? { unique: true } : {}),
  };
}

function toResult(r: { insertedCount: number; matchedCount: number; modifiedCount: number; deletedCount: number; upsertedCount: number }): BulkWriteResult {
  return {
    insertedCount: r.insertedCount,
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    deletedCount: r.deletedCount,
    upsertedCount: r.upsertedCount,
  };
}

function emptyResult(): BulkWriteResult {
  return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
}

/** Maps driver errors to the port's errors; anything else passes through unchanged. */
export function toPortError(error: unknown, collection: string, dbName: string): unknown {
  if (error instanceof DuplicateKeyError || error instanceof InvalidOperationError || error instanceof TransactionLimitError) return error;
  if (error instanceof MongoInvalidArgumentError) return new InvalidOperationError(collection, error.message);
  if (!(error instanceof MongoServerError)) return error;

  const writeErrors = error instanceof MongoBulkWriteError ? (Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors]) : [];
  const duplicateWrite = writeErrors.find((w) => w.code === 11000);
  if (duplicateWrite || error.code === 11000) {
    // A write error carries its own errmsg and keyValue; a plain server error (index build) has them itself.
    const raw: Document = duplicateWrite ? (duplicateWrite.err as unknown as Document) : error;
    const message = String(raw.errmsg ?? error.message);
    const keyValue = (raw.keyValue ?? error.keyValue ?? parseDupKey(message)) as Record<string, unknown>;
    const index = declaredIndexName(/index: (\S+) dup key/.exec(message)?.[1] ?? 'unknown');
    const inCollection = /collection: (\S+) index:/.exec(message)?.[1];
    const name = inCollection?.startsWith(dbName + '.') ? inCollection.slice(dbName.length + 1) : collection;
    return new DuplicateKeyError(name, index, keyValue);
  }
  const code = typeof error.code === 'number' ? error.code : writeErrors[0]?.code;
  const limit = code === undefined ? undefined : TRANSACTION_LIMIT_CODES.get(code);
  if (limit) return new TransactionLimitError(limit, `${collection}: ${error.message}`);
  if (code !== undefined && INVALID_OPERATION_CODES.has(code)) {
    return new InvalidOperationError(collection, writeErrors[0]?.errmsg ?? error.message);
  }
  return error;
}

/**
 * The driver keeps only errmsg of a bulk write error (no keyValue), so the key is read back
 * from the server's message: `... index: name_1 dup key: { companyId: "c1", storeCode: "A-1" }`.
 */
export function parseDupKey(message: string): Record<string, unknown> {
  const body = /dup key: \{(.*)\}\s*$/.exec(message)?.[1];
  const out: Record<string, unknown> = {};
  if (!body) return out;
  const pair = /\s*([^:,\s]+): ("(?:[^"\\]|\\.)*"|[^,]*)\s*,?/g;
  for (let m = pair.exec(body); m; m = pair.exec(body)) {
    const raw = m[2]!.trim();
    let value: unknown = raw;
    if (raw.startsWith('"')) {
      try {
        value = JSON.parse(raw);
      } catch {
        value = raw.slice(1, -1);
      }
    } else if (raw === 'null') value = null;
    else if (raw === 'true' || raw === 'false') value = raw === 'true';
    else if (raw !== '' && !Number.isNaN(Number(raw))) value = Number(raw);
    out[m[1]!] = value;
  }
  return out;
}
