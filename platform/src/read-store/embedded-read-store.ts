import { randomUUID } from 'node:crypto';
import { Aggregator } from 'mingo';
import { MingoError } from 'mingo/util';
import type {
  AtomicBatch,
  BulkWriteResult,
  Checkpoint,
  Collection,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  Projection,
  ReadStore,
  WriteOp,
} from './read-store';
import { InvalidOperationError } from './read-store-errors';
import { assertCheckpoint, assertCollectionName } from './collection-names';
import { applyWriteOps } from './embedded/apply-write-ops';
import { CollectionState, declareIndex, type DeclaredIndex } from './embedded/collection-state';
import { compileFilter } from './embedded/doc-filter';
import { sortAndPage } from './embedded/doc-sort';
import { StagedCollection } from './embedded/staged-collection';
import { copyOut } from './embedded/json-copy';
import { openReadStoreFile, type ReadStoreFile } from './embedded/sqlite-file';

/**
 * Embedded ReadStore: every collection lives in memory and is queried there (mingo, plus
 * hash indexes and a compiled fast path for common filters); every document, index and
 * checkpoint is also kept in one SQLite file, written one transaction per batch. A restart
 * loads the file; nothing is replayed.
 */
export interface EmbeddedReadStoreOptions {
  /** SQLite file path; ':memory:' for a throwaway store. */
  file: string;
  now?: () => Date;
  /** _id for upserts whose filter names none. */
  newId?: () => string;
}

export function createEmbeddedReadStore(options: EmbeddedReadStoreOptions): ReadStore {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const file: ReadStoreFile = openReadStoreFile(options.file);
  const collections = new Map<string, CollectionState>();
  const checkpoints = new Map<string, Checkpoint>();
  const handles = new Map<string, Collection>();
  let closed = false;

  loadFrom(file, collections, checkpoints);

  const assertOpen = () => {
    if (closed) throw new Error('read store is closed');
  };

  /** Stages the writes, persists them with the checkpoint in one transaction, then applies them to memory. */
  function runBatch(writes: { collection: string; ops: WriteOp[] }[], checkpoint?: Checkpoint): BulkWriteResult[] {
    assertOpen();
    const staged = new Map<string, StagedCollection>();
    const results = writes.map(({ collection, ops }) => {
      assertCollectionName(collection);
      let s = staged.get(collection);
      if (!s) staged.set(collection, (s = new StagedCollection(collections.get(collection) ?? new CollectionState(collection))));
      try {
        return applyWriteOps(s, ops, newId);
      } catch (error) {
        if (error instanceof MingoError) throw new InvalidOperationError(collection, error.message);
        throw error;
      }
    });
    const changed = [...staged.values()].filter((s) => s.changes.size > 0);
    file.writeBatch(
      changed.map((s) => ({ collection: s.name, changes: s.changes })),
      checkpoint,
    );
    for (const s of changed) {
      if (!collections.has(s.name)) collections.set(s.name, s.base);
      s.applyTo(s.base);
    }
    if (checkpoint) checkpoints.set(checkpoint.name, checkpoint);
    return results;
  }

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertCollectionName(name);
    let handle = handles.get(name);
    if (!handle) handles.set(name, (handle = makeCollection(name)));
    return handle as unknown as Collection<T>;
  }

  function makeCollection(name: string): Collection {
    const state = () => {
      assertOpen();
      return collections.get(name);
    };
    /** Matching documents (the store's own objects: copy before handing out); stops at `max`. */
    const matching = (filter: Filter | undefined, max = Infinity): Doc[] => {
      const s = state();
      if (!s) return [];
      const matcher = compileFilter(filter ?? {});
      const out: Doc[] = [];
      if (max <= 0) return out;
      for (const group of s.candidates(matcher.constraints)) {
        for (const doc of group) {
          if (matcher.test(doc) && out.push(doc) >= max) return out;
        }
      }
      return out;
    };

    return {
      name,
      find: (filter, options: FindOptions = {}) =>
        asPortErrors(name, () => {
          const { sort, skip = 0, limit = 0, projection } = options;
          // Without a sort, the first skip+limit matches are the page: stop scanning there.
          const unsortedPage = (!sort || Object.keys(sort).length === 0) && limit !== 0;
          const docs = matching(filter, unsortedPage ? Math.max(0, skip) + Math.abs(limit) : Infinity);
          return project(sortAndPage(docs, sort, skip, limit), projection);
        }),
      findOne: (filter, options = {}) =>
        asPortErrors(name, () => {
          const [doc] = matching(filter, 1);
          return doc ? project([doc], options.projection)[0]! : null;
        }),
      countDocuments: (filter) =>
        asPortErrors(name, () => {
          if (Object.keys(filter ?? {}).length === 0) return state()?.docs.size ?? 0;
          return matching(filter).length;
        }),
      aggregate: <R = Doc>(pipeline: Record<string, unknown>[]) =>
        asPortErrors(
          name,
          () => runPipeline(name, pipeline, (filter) => matching(filter), () => [...(state()?.docs.values() ?? [])]) as R[],
        ),
      async bulkWrite(ops) {
        if (ops.length === 0) return emptyResult();
        return runBatch([{ collection: name, ops }])[0]!;
      },
      async createIndexes(indexes: IndexSpec[]) {
        assertOpen();
        const s = collections.get(name) ?? new CollectionState(name);
        // Check every spec first so that a bad one adds none of them.
        const added: DeclaredIndex[] = [];
        for (const spec of indexes) {
          const index = declareIndex(name, spec);
          if (index.fields.length === 1 && index.fields[0] === '_id' && Object.keys(index.key).length === 1) continue;
          if (s.checkIndexAddable(index, added) === 'new') added.push(index);
        }
        file.saveIndexes(name, added);
        if (!collections.has(name)) collections.set(name, s);
        for (const index of added) s.addIndex(index);
      },
      async drop() {
        assertOpen();
        file.dropCollection(name);
        collections.delete(name);
      },
    };
  }

  return {
    collection,
    async listCollections() {
      assertOpen();
      return [...collections.keys()];
    },
    async commit(batch: AtomicBatch) {
      const checkpoint = batch.checkpoint && {
        name: batch.checkpoint.name,
        position: batch.checkpoint.position,
        updatedAt: now().toISOString(),
      };
      if (checkpoint) assertCheckpoint(checkpoint);
      runBatch(batch.writes, checkpoint);
    },
    async getCheckpoint(name) {
      assertOpen();
      const c = checkpoints.get(name);
      return c ? { ...c } : null;
    },
    async deleteCheckpoint(name) {
      assertOpen();
      file.deleteCheckpoint(name);
      checkpoints.delete(name);
    },
    async close() {
      if (closed) return;
      closed = true;
      file.close();
    },
  };
}

function loadFrom(file: ReadStoreFile, collections: Map<string, CollectionState>, checkpoints: Map<string, Checkpoint>): void {
  const loaded = file.load();
  for (const name of loaded.collections) collections.set(name, new CollectionState(name));
  const stateOf = (name: string) => {
    let s = collections.get(name);
    if (!s) collections.set(name, (s = new CollectionState(name)));
    return s;
  };
  for (const { collection, body } of loaded.documents) {
    const doc = JSON.parse(body) as Doc;
    stateOf(collection).docs.set(doc._id, doc);
  }
  // Lookups are built once, after the documents are in.
  for (const { collection, index } of loaded.indexes) stateOf(collection).addIndex(index);
  for (const c of loaded.checkpoints) checkpoints.set(c.name, c);
}

/** Runs a read, reporting mingo's complaints about a filter or pipeline as InvalidOperationError. */
async function asPortErrors<T>(collection: string, read: () => T): Promise<T> {
  try {
    return read();
  } catch (error) {
    if (error instanceof MingoError) throw new InvalidOperationError(collection, error.message);
    throw error;
  }
}

/** Aggregation stages known not to write into the documents they read (mingo runs without cloning). */
const NON_MUTATING_STAGES = new Set(['$match', '$sort', '$limit', '$skip', '$count', '$group', '$sortByCount']);

function runPipeline(
  collection: string,
  pipeline: Record<string, unknown>[],
  matching: (filter: Filter) => Doc[],
  all: () => Doc[],
): unknown[] {
  if (!Array.isArray(pipeline)) throw new InvalidOperationError(collection, 'a pipeline is an array of stages');
  let stages = pipeline;
  let input: unknown[];
  const first = stages[0];
  if (first && Object.keys(first).length === 1 && '$match' in first) {
    input = matching(first.$match as Filter);
    stages = stages.slice(1);
  } else input = all();
  // Stages up to the first one that may write into its input run over the stored documents;
  // from there on mingo gets copies.
  const cut = stages.findIndex((stage) => !Object.keys(stage).every((k) => NON_MUTATING_STAGES.has(k)));
  const safe = cut === -1 ? stages : stages.slice(0, cut);
  const rest = cut === -1 ? [] : stages.slice(cut);
  let out = safe.length ? new Aggregator(safe, {}).run(input as Record<string, unknown>[]) : input;
  out = copyOut(out);
  if (rest.length) out = new Aggregator(rest, {}).run(out as Record<string, unknown>[]);
  return out;
}

/** Copies of the documents (callers never hold the store's own objects), projected when asked. */
function project(docs: Doc[], projection: Projection | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0 || docs.length === 0) return copyOut(docs);
  return copyOut(new Aggregator([{ $project: projection }], {}).run(docs) as Doc[]);
}

function emptyResult(): BulkWriteResult {
  return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
}
