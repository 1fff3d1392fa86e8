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
  SortSpec,
  WriteOp,
} from './read-store';
import { assertCheckpointMovesOn, assertLeaseHeld, DuplicateKeyError, InvalidOperationError } from './read-store-errors';
import { assertCheckpoint, assertCollectionName, LEASES_COLLECTION } from './collection-names';
import { applyWriteOps } from './embedded/apply-write-ops';
import { assertUniqueHolds, checkIndexAddable, declareIndex, type DeclaredIndex } from './embedded/collection-state';
import { compileFilter, exactId, pathGetter, resolvePath, type PathGetter } from './embedded/doc-filter';
import { sortAndPage } from './embedded/doc-sort';
import { DocCache } from './embedded/doc-cache';
import { copyOut } from './embedded/json-copy';
import { NEEDS_MINGO, projectInclusion } from './embedded/inclusion-projection';
import { docsTable, ftsTable, isSqlComparable, isSqlPath, sqlIndexName } from './embedded/sql-paths';
import { sortWalkIndex, translateFilter, translateSort, type SqlContext, type SqlFilter, type WalkableIndex } from './embedded/sql-query';
import {
  ftsTextOf,
  keyPathsOf,
  openReadStoreFile,
  pagedDocs,
  textPathsOf,
  trackedPathsOf,
  type ReadStoreFile,
  type StoredCollection,
  type WireChanges,
} from './embedded/sqlite-file';
import { StagedCollection, type CommittedCollection } from './embedded/staged-collection';

/**
 * Embedded ReadStore: documents live in one SQLite file and are read from it. Each declared
 * index is an SQLite expression index over the JSON; the filter, sort, skip, limit and count
 * of a query run in SQL where SQL answers as MongoDB would (sql-query.ts), and mingo decides
 * only over the rows SQL narrowed. 'text' index fields get an FTS5 trigram index that
 * narrows substring searches. Memory holds a bounded cache of parsed documents and the
 * collections' metadata, so opening a store costs the same whatever its size.
 */
export interface EmbeddedReadStoreOptions {
  /** SQLite file path; ':memory:' for a throwaway store. */
  file: string;
  now?: () => Date;
  /** _id for upserts whose filter names none. */
  newId?: () => string;
  /** Parsed documents kept in memory (least recently used go first). Default 20,000. */
  cacheDocuments?: number;
  /** SQLite page cache, MB. Default 64. */
  sqliteCacheMb?: number;
  /** Writes on a writer thread with its own connection (never for ':memory:'); the server sets it. Default false. */
  writerThread?: boolean;
  /** Text matches the FTS lists for a walk of the sort's index (default 25,000); tests lower it. */
  textMatchesListed?: number;
  /**
   * Collections none of whose documents the cache keeps (a projection thread's store, for
   * collections with a ProjectionCollection.cacheLimit): a log written once, whose lines would
   * otherwise fill the cache and the heap.
   */
  uncached?: (collection: string) => boolean;
}

/** A checkpoint as a commit carries it: a fenced one may name the lease it is written under. */
type LeasedCheckpoint = Checkpoint & { lease?: { name: string; holder: string } };

/** What the store keeps in memory about one collection (never its documents). */
interface CollectionMeta {
  readonly name: string;
  readonly table: string;
  readonly indexes: Map<string, DeclaredIndex>;
  /** Index and text paths: their values decide whether SQL may compare them. */
  tracked: string[];
  /** Tracked paths that have held a boolean, array or embedded document. */
  readonly flagged: Set<string>;
  textPaths: string[];
  ftsText?: (doc: Doc) => string;
  /** Paths with a key column (keyPathsOf), each with its reader. */
  readonly keys: { path: string; get: PathGetter }[];
  /** Bumped by every commit that changes the collection (remembered counts check it). */
  version: number;
  readonly sql: SqlContext;
}

/** Usage figures for /ready. */
export interface EmbeddedReadStoreStats {
  cachedDocuments: number;
  cacheCapacity: number;
  cacheHits: number;
  cacheMisses: number;
}

/** The SQL a query runs on the embedded store and SQLite's plan for each statement (tests). */
export interface QueryExplanation {
  /** The filter ran whole in SQL (count, sort and page too when `sortInSql`). */
  exact: boolean;
  sortInSql: boolean;
  statements: { sql: string; plan: string[] }[];
}

export type EmbeddedReadStore = ReadStore & {
  stats(): EmbeddedReadStoreStats;
  explain(collection: string, query: { filter?: Filter; sort?: SortSpec; skip?: number; limit?: number }): QueryExplanation;
};

const COUNT_CACHE_LIMIT = 2_000;
const ABSENT_KEYS_LIMIT = 100_000;
// The session check asks for up to six block ids.
const IDS_LOOKED_UP_ONE_BY_ONE = 8;
/**
 * A text search is answered one of two ways. Its FTS matches read whole and sorted cost about
 * one row read per match; walking the other filters' index in sort order and testing each
 * row's text costs (rows / matches) row reads per row wanted. The probe counts matches up to
 * the point where both cost the same, √(rows × wanted), kept within these bounds
 * (docs/performance.md, Embedded read store).
 */
const TEXT_MATCHES_PROBE = { min: 500, max: 250_000 };
const TEXT_PROBES_KEPT = 200;
const TEXT_PROBE_KEPT_MATCHES = 5_000;
/**
 * A third way, for matches too many to read whole but not too many to list: when the FTS
 * match alone decides (the index holds that one field), the sort's index is walked with the
 * FTS list as a filter, reading index entries only. Listing a match costs a small fraction of
 * reading a row, so up to this many it costs what walking ~1,000 rows does, and unlike the
 * walk it does not depend on where the matches sit in the sort order (docs/performance.md).
 */
const DEFAULT_TEXT_MATCHES_LISTED = 25_000;

export function createEmbeddedReadStore(options: EmbeddedReadStoreOptions): EmbeddedReadStore {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const file: ReadStoreFile = openReadStoreFile(options.file, { cacheMb: options.sqliteCacheMb, writerThread: options.writerThread });
  const cache = new DocCache(options.cacheDocuments ?? 20_000);
  const textMatchesListed = options.textMatchesListed ?? DEFAULT_TEXT_MATCHES_LISTED;
  const collections = new Map<string, CollectionMeta>();
  const checkpoints = new Map<string, Checkpoint>();
  const handles = new Map<string, Collection>();
  const counts = new Map<string, { version: number; count: number }>();
  let closed = false;

  const meta = file.loadMeta();
  for (const stored of meta.collections) collections.set(stored.name, makeMeta(stored));
  for (const c of meta.checkpoints) checkpoints.set(c.name, c);

  const assertOpen = () => {
    if (closed) throw new Error('read store is closed');
  };

  // ---- reading ---------------------------------------------------------------------------

  const cacheKey = (collection: string, id: string) => `${collection}\u0000${id}`;
  const uncachedByName = new Map<string, boolean>();
  const keeps = (collection: string): boolean => {
    if (!options.uncached) return true;
    let no = uncachedByName.get(collection);
    if (no === undefined) uncachedByName.set(collection, (no = options.uncached(collection)));
    return !no;
  };

  /** Parsed documents of rows (the store's own objects: copy before handing out). */
  const docsOf = (collection: string, rows: Iterable<{ id: string; body: string }>): Doc[] => {
    const out: Doc[] = [];
    for (const row of rows) out.push(docOf(collection, row.id, row.body));
    return out;
  };
  /** `keep` false: a one-pass read (FindOptions.scan) uses the cache but leaves what it parses out of it. */
  const docOf = (collection: string, id: string, body: string, keep = true): Doc => {
    const key = cacheKey(collection, id);
    let doc = cache.get(key);
    if (!doc) {
      doc = JSON.parse(body) as Doc;
      if (keep && keeps(collection)) cache.set(key, doc);
    }
    return doc;
  };

  /**
   * Keys looked up by id and not found, until a commit writes them. Every request's session
   * check asks for block documents that almost never exist; without this each one was an SQL
   * lookup.
   */
  const absent = new Set<string>();
  const getById = (m: CollectionMeta, id: string): Doc | undefined => {
    const key = cacheKey(m.name, id);
    const cached = cache.get(key);
    if (cached) return cached;
    if (absent.has(key)) return undefined;
    const row = file.statement(`SELECT body FROM ${m.table} WHERE id = ?`).get(id) as { body: string } | undefined;
    if (!row) {
      if (absent.size >= ABSENT_KEYS_LIMIT) absent.clear();
      absent.add(key);
      return undefined;
    }
    const doc = JSON.parse(row.body) as Doc;
    if (keeps(m.name)) cache.set(key, doc);
    return doc;
  };

  /**
   * A few ids looked up one by one, from the cache and the known-absent keys, when at most one
   * of them exists: then order cannot differ from SQL's. Every request's session check asks for
   * several block documents that almost never exist; as one SQL query each time it was the
   * largest read of a command. Two found, or a longer list, is null: SQL orders them (looking
   * each up first only to count them read every document twice: a job's 1,000 locations by id).
   */
  const atMostOneById = (m: CollectionMeta, ids: string[]): Doc[] | null => {
    if (ids.length > IDS_LOOKED_UP_ONE_BY_ONE) return null;
    let found: Doc | undefined;
    for (const id of ids) {
      const doc = getById(m, id);
      if (!doc || doc === found) continue;
      if (found) return null;
      found = doc;
    }
    return found ? [found] : [];
  };

  const whereOf = (f: SqlFilter) => (f.where.length ? ` WHERE ${f.where.join(' AND ')}` : '');
  const countSql = (m: CollectionMeta, f: SqlFilter) => `SELECT count(*) AS n FROM ${m.table}${whereOf(f)}`;
  const selectSql = (m: CollectionMeta, f: SqlFilter, order: string, page = '') => `SELECT id, body FROM ${m.table}${whereOf(f)} ORDER BY ${order}${page}`;

  /** Rows SQL narrowed for the filter (a superset of the matches unless `exact`), in `order`. */
  const selectRows = (m: CollectionMeta, f: SqlFilter, order: string, page = '') => file.statement(selectSql(m, f, order, page));
  const idsSql = (m: CollectionMeta, f: SqlFilter, order: string, walk?: string) =>
    `SELECT id FROM ${m.table}${walk ? ` INDEXED BY ${walk}` : ''}${whereOf(f)} ORDER BY ${order} LIMIT ? OFFSET ?`;
  /** The collection's SQL indexes over plain paths, for sortWalkIndex: listed only if it gets past its cheap checks of the query. */
  function* walkable(m: CollectionMeta): Generator<WalkableIndex> {
    for (const index of m.indexes.values())
      if (Object.entries(index.key).every(([field, kind]) => kind !== 'text' && isSqlPath(field)))
        yield { sqlName: sqlIndexName(m.name, index.name), fields: Object.keys(index.key) };
  }

  /** Documents by id, in the order of the ids (missing ones skipped). */
  const documentsByIds = (m: CollectionMeta, ids: string[], keep = true): Doc[] => {
    const found = new Map<string, Doc>();
    const missing: string[] = [];
    for (const id of ids) {
      const doc = cache.get(cacheKey(m.name, id));
      if (doc) found.set(id, doc);
      else missing.push(id);
    }
    for (let i = 0; i < missing.length; i += 100) {
      const part = missing.slice(i, i + 100);
      const rows = file.statement(`SELECT id, body FROM ${m.table} WHERE id IN (${part.map(() => '?').join(', ')})`).all(...part) as {
        id: string;
        body: string;
      }[];
      for (const row of rows) found.set(row.id, docOf(m.name, row.id, row.body, keep));
    }
    const out: Doc[] = [];
    for (const id of ids) {
      const doc = found.get(id);
      if (doc) out.push(doc);
    }
    return out;
  };

  const explain = (name: string, query: { filter?: Filter; sort?: SortSpec; skip?: number; limit?: number }): QueryExplanation => {
    const m = collections.get(name);
    if (!m) throw new InvalidOperationError(name, 'no such collection');
    const { f, order, walk } = planOf(m, query.filter, query.sort, query.limit ? (query.skip ?? 0) + query.limit : 0);
    const paged = order !== null && f.exact;
    const statements: [string, unknown[]][] = [
      [paged ? idsSql(m, f, order, walk) : selectSql(m, f, order ?? 'rid'), paged ? [...f.params, 25, 0] : f.params],
      [f.exact ? countSql(m, f) : selectSql(m, f, 'rid'), f.params],
    ];
    return {
      exact: f.exact,
      sortInSql: order !== null,
      statements: statements.map(([sql, params]) => ({
        sql,
        plan: (file.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail),
      })),
    };
  };

  /** Matching documents, in insertion order. */
  const matching = (m: CollectionMeta | undefined, filter: Filter | undefined): Doc[] => {
    const matcher = compileFilter(filter ?? {});
    if (!m) return [];
    const f = translateFilter(filter, m.sql);
    const docs = docsOf(m.name, selectRows(m, f, 'rid').iterate(...f.params) as Iterable<{ id: string; body: string }>);
    return f.exact ? docs : docs.filter((d) => matcher.test(d));
  };

  /**
   * The SQL for a query. With a text search matching few documents, the rows come from the
   * FTS match (sorted afterwards) instead of from walking the company's index in sort order;
   * when it matches many and only the first `wanted` rows are asked for (a page, a capped
   * count), the index is walked and each row's text tested, without listing every match first.
   */
  const planOf = (m: CollectionMeta, filter: Filter | undefined, sort?: SortSpec, wanted = 0): { f: SqlFilter; order: string | null; walk?: string } => {
    const f = translateFilter(filter, m.sql);
    const order = translateSort(sort, m.sql);
    if (!f.exact) return { f, order };
    if (f.texts.length === 0) return { f, order, walk: wanted > 0 && order !== null ? sortWalkIndex(walkable(m), filter, sort)?.sqlName : undefined };
    const limit = wanted > 0 ? probeLimit(m, wanted) : TEXT_MATCHES_PROBE.min;
    const matched = new Map<string, readonly number[]>();
    for (const t of f.texts) {
      const rids = fewMatches(m, t, limit);
      if (rids) matched.set(t.match, rids);
    }
    if (matched.size > 0) {
      // The probe's list stands in for the FTS match: matching twice cost twice.
      return { f: translateFilter(filter, m.sql, { drive: 'text', matched }), order: translateSort(sort, m.sql, { drive: 'text' }) };
    }
    if (wanted === 0) return { f, order };
    if (order !== null && f.texts.every((t) => t.exact && !manyMatches(m, t, textMatchesListed))) return { f, order };
    return { f: translateFilter(filter, m.sql, { text: 'scan' }), order };
  };
  /**
   * Whether the FTS matches more than `limit` rows. Only the plan depends on the answer, never
   * the rows, so "more" is remembered across writes (a search that common stays common).
   */
  const manyVerdicts = new Map<string, boolean>();
  const manyMatches = (m: CollectionMeta, text: { table: string; match: string }, limit: number): boolean => {
    const key = `${m.name}\u0000${limit}\u0000${text.match}`;
    const versionKey = `${key}\u0000${m.version}`;
    const known = manyVerdicts.get(key) ?? manyVerdicts.get(versionKey);
    if (known !== undefined) return known;
    const { n } = file.statement(`SELECT count(*) AS n FROM (SELECT 1 FROM ${text.table} WHERE ${text.table} MATCH ? LIMIT ?)`).get(text.match, limit + 1) as {
      n: number;
    };
    if (manyVerdicts.size >= TEXT_PROBES_KEPT) manyVerdicts.clear();
    if (n > limit) manyVerdicts.set(key, true);
    else manyVerdicts.set(versionKey, false);
    return n > limit;
  };
  const probeLimit = (m: CollectionMeta, wanted: number): number => {
    const rows = (file.statement(`SELECT max(rid) AS n FROM ${m.table}`).get() as { n: number | null }).n ?? 0;
    return Math.round(Math.min(TEXT_MATCHES_PROBE.max, Math.max(TEXT_MATCHES_PROBE.min, Math.sqrt(rows * wanted))));
  };
  /** The FTS matches (row ids) when there are at most `limit`, else null; small answers are remembered until the next write. */
  const textProbes = new Map<string, readonly number[] | null>();
  const fewMatches = (m: CollectionMeta, text: { table: string; match: string }, limit: number): readonly number[] | null => {
    const key = `${m.name}\u0000${m.version}\u0000${limit}\u0000${text.match}`;
    const known = textProbes.get(key);
    if (known !== undefined) return known;
    const rids = file
      .statement(`SELECT rowid FROM ${text.table} WHERE ${text.table} MATCH ? LIMIT ?`)
      .pluck()
      .all(text.match, limit + 1) as number[];
    const few = rids.length <= limit ? rids : null;
    if (textProbes.size >= TEXT_PROBES_KEPT) textProbes.clear();
    if (!few || few.length <= TEXT_PROBE_KEPT_MATCHES) textProbes.set(key, few);
    return few;
  };

  const find = (m: CollectionMeta | undefined, filter: Filter | undefined, options: FindOptions): Doc[] => {
    const { sort, skip = 0, limit = 0 } = options;
    const keep = options.scan !== true;
    const byIds = idsOnly(filter);
    // A filter of ids alone is valid as it stands: compiling it showed in every command's
    // server CPU (every projection's read by id goes through here).
    const matcher = byIds ? null : compileFilter(filter ?? {});
    if (!m) return [];
    const few = byIds ? atMostOneById(m, byIds) : null;
    if (few) return sortAndPage(few, sort, skip, limit);
    const test = matcher ?? compileFilter(filter ?? {});
    const start = Math.max(0, Math.trunc(skip));
    const count = Math.abs(Math.trunc(limit));
    const { f, order, walk } = planOf(m, filter, sort, count === 0 ? 0 : start + count);
    if (order === null) return sortAndPage(matching(m, filter), sort, skip, limit);
    if (f.exact) {
      // Ids first (an index that holds the filter and sort fields answers without the table),
      // then the page's documents, from the cache where it has them.
      const ids = file
        .statement(idsSql(m, f, order, walk))
        .pluck()
        .all(...f.params, count === 0 ? -1 : count, start) as string[];
      return documentsByIds(m, ids, keep);
    }
    // SQL gives the order; the matcher decides row by row until the page is full.
    const out: Doc[] = [];
    let skipped = 0;
    for (const row of selectRows(m, f, order).iterate(...f.params) as Iterable<{ id: string; body: string }>) {
      const doc = docOf(m.name, row.id, row.body, keep);
      if (!test.test(doc)) continue;
      if (skipped < start) {
        skipped++;
        continue;
      }
      out.push(doc);
      if (count !== 0 && out.length >= count) break;
    }
    return out;
  };

  const countOf = (m: CollectionMeta | undefined, filter: Filter | undefined, limit?: number): number => {
    const matcher = compileFilter(filter ?? {}); // a malformed filter fails even on an empty collection
    if (!m) return 0;
    const cap = limit !== undefined && limit > 0 ? Math.trunc(limit) : 0;
    const { f } = planOf(m, filter, undefined, cap);
    if (!f.exact) {
      let n = 0;
      for (const row of selectRows(m, f, 'rid').iterate(...f.params) as Iterable<{ id: string; body: string }>) {
        if (matcher.test(docOf(m.name, row.id, row.body)) && ++n === cap) break;
      }
      return n;
    }
    // A capped count stops at the cap (a covering index answers it without the table).
    const sql = cap ? `SELECT count(*) AS n FROM (SELECT 1 FROM ${m.table}${whereOf(f)} LIMIT ${cap})` : countSql(m, f);
    // Counts are remembered until the collection is next written.
    const key = `${m.name}\u0000${sql}\u0000${JSON.stringify(f.params)}`;
    const known = counts.get(key);
    if (known && known.version === m.version) return known.count;
    const n = (file.statement(sql).get(...f.params) as { n: number }).n;
    if (counts.size >= COUNT_CACHE_LIMIT) counts.clear();
    counts.set(key, { version: m.version, count: n });
    return n;
  };

  const committedView = (name: string, m: CollectionMeta | undefined): CommittedCollection => ({
    name,
    indexes: m ? [...m.indexes.values()] : [],
    get: (id) => (m ? getById(m, id) : undefined),
    select: (filter) => (m ? selectNarrowed(m, filter) : []),
    withKey: (index, doc) => {
      if (!m) return [];
      const filter: Filter = {};
      for (const field of index.fields) {
        const value = resolvePath(doc, field.split('.'));
        filter[field] = { $eq: value === undefined ? null : value };
      }
      return selectNarrowed(m, filter);
    },
  });

  /** Committed documents SQL narrowed for a filter (not yet tested), insertion order. */
  const selectNarrowed = (m: CollectionMeta, filter: Filter): Doc[] => {
    const id = exactId(filter);
    if (id !== undefined) {
      const doc = getById(m, id);
      return doc ? [doc] : [];
    }
    const f = translateFilter(filter, m.sql);
    return docsOf(m.name, selectRows(m, f, 'rid').iterate(...f.params) as Iterable<{ id: string; body: string }>);
  };

  // ---- writing ---------------------------------------------------------------------------

  /**
   * Writes run one after another: each is staged against what the previous one committed,
   * then handed to the file's writer (a thread by default) while the event loop goes on.
   */
  let writing: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = writing.then(work);
    writing = run.catch(() => undefined);
    return run;
  };

  /** Refuses a checkpoint that would move back or whose lease is gone; checked in its commit's turn, so no write of this store comes in between. */
  const assertCheckpointWritable = (checkpoint: LeasedCheckpoint, stored = checkpoints.get(checkpoint.name)) => {
    assertCheckpointMovesOn(stored, checkpoint);
    if (checkpoint.lease) {
      const [lease] = find(collections.get(LEASES_COLLECTION), { _id: checkpoint.lease.name }, { limit: 1 });
      assertLeaseHeld(lease, checkpoint, now().getTime());
    }
  };
  /** The fence lives in memory: one process owns an embedded store (its data directory's lock). */
  const noteCheckpoint = (checkpoint: LeasedCheckpoint) => {
    const { name, position, updatedAt } = checkpoint;
    const fence = checkpoint.fence ?? checkpoints.get(name)?.fence;
    checkpoints.set(name, { name, position, updatedAt, ...(fence !== undefined ? { fence } : {}) });
  };

  /**
   * Commits that only move a checkpoint, gathered for one transaction: every projection and
   * reactor of a server flushes its checkpoint on the same tick (runtime/flush-tick.ts), and one
   * commit each was most of this store's transactions under steady load (docs/performance.md).
   */
  let checkpointsDue: { checkpoint: LeasedCheckpoint; done: (error?: unknown) => void }[] = [];
  const writeCheckpointsDue = (): Promise<unknown> => {
    const due = checkpointsDue;
    checkpointsDue = [];
    if (!due.length) return Promise.resolve();
    return serially(async () => {
      const accepted: typeof due = [];
      // Two of one name in a group: the later is checked against the earlier.
      const pending = new Map<string, LeasedCheckpoint>();
      for (const entry of due) {
        try {
          assertOpen();
          assertCheckpointWritable(entry.checkpoint, pending.get(entry.checkpoint.name) ?? checkpoints.get(entry.checkpoint.name));
          pending.set(entry.checkpoint.name, entry.checkpoint);
          accepted.push(entry);
        } catch (error) {
          entry.done(error);
        }
      }
      if (!accepted.length) return;
      try {
        await file.writeBatch(
          [],
          accepted.map((e) => e.checkpoint),
        );
      } catch (error) {
        for (const e of accepted) e.done(error);
        return;
      }
      for (const e of accepted) {
        noteCheckpoint(e.checkpoint);
        e.done();
      }
    });
  };
  const commitCheckpoint = (checkpoint: LeasedCheckpoint): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      checkpointsDue.push({ checkpoint, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (checkpointsDue.length === 1) setImmediate(() => void writeCheckpointsDue());
    });

  /** Stages the writes, then persists them with the checkpoint in one transaction. */
  const runBatch = (writes: { collection: string; ops: WriteOp[] }[], checkpoint?: LeasedCheckpoint, countsUnused = false): Promise<BulkWriteResult[]> =>
    serially(async () => {
      assertOpen();
      if (checkpoint) assertCheckpointWritable(checkpoint);
      const staged = new Map<string, StagedCollection>();
      const results = writes.map(({ collection, ops }) => {
        assertCollectionName(collection);
        let s = staged.get(collection);
        if (!s) staged.set(collection, (s = new StagedCollection(committedView(collection, collections.get(collection)))));
        try {
          return applyWriteOps(s, ops, newId, { countsUnused });
        } catch (error) {
          if (error instanceof MingoError) throw new InvalidOperationError(collection, error.message);
          throw error;
        }
      });
      const changed = [...staged.values()].filter((s) => s.changes.size > 0);
      const wire: WireChanges[] = changed.map((s) => {
        const m = collections.get(s.name);
        const newlyFlagged = new Set<string>();
        if (m && m.tracked.length > 0) {
          for (const change of s.changes.values()) {
            if (!change) continue;
            for (const path of m.tracked) {
              if (!m.flagged.has(path) && !newlyFlagged.has(path) && !isSqlComparable(change.doc, path)) newlyFlagged.add(path);
            }
          }
        }
        const ftsText = m?.ftsText;
        const keys = m?.keys ?? [];
        const rows: WireChanges['rows'] = [];
        for (const [id, change] of s.changes) {
          if (!change) {
            rows.push([id, null, null, false, false, false]);
            continue;
          }
          const text = ftsText ? ftsText(change.doc) : null;
          // The FTS row and the key columns hold the committed document's text and values: a
          // write that leaves them as they were (most of a location's events) does not write them again.
          const committed = !change.fresh && (ftsText || keys.length > 0) ? cache.get(cacheKey(s.name, id)) : undefined;
          rows.push([
            id,
            change.body,
            text,
            change.fresh === true,
            committed !== undefined && ftsText !== undefined && ftsText(committed) === text,
            committed !== undefined && keys.length > 0 && keys.every((k) => sameKeyValue(k.get(committed), k.get(change.doc))),
          ]);
        }
        return { collection: s.name, rows, fts: ftsText !== undefined, keys: keys.map((k) => k.path), newlyFlagged: [...newlyFlagged] };
      });
      if (wire.length > 0 || checkpoint) {
        try {
          await file.writeBatch(wire, checkpoint ? [checkpoint] : []);
        } catch (error) {
          throw duplicateOfFresh(error, wire) ?? error;
        }
      }
      // Committed: the metadata and the cache follow.
      for (let i = 0; i < changed.length; i++) {
        const { name: collection, changes } = changed[i]!;
        let m = collections.get(collection);
        if (!m) collections.set(collection, (m = makeMeta({ name: collection, indexes: [], flagged: [] })));
        for (const path of wire[i]!.newlyFlagged) m.flagged.add(path);
        m.version++;
        for (const [id, change] of changes) {
          const key = cacheKey(collection, id);
          absent.delete(key);
          if (change && keeps(collection)) cache.set(key, change.doc);
          else cache.delete(key);
        }
      }
      if (checkpoint) noteCheckpoint(checkpoint);
      return results;
    });

  /** A fresh insert the file refused (its id was taken): the DuplicateKeyError the caller expects. */
  const duplicateOfFresh = (error: unknown, wire: WireChanges[]): DuplicateKeyError | null => {
    if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
    for (const { collection, rows } of wire) {
      const m = collections.get(collection);
      for (const [id, , , fresh] of rows) if (fresh && m && getById(m, id)) return new DuplicateKeyError(collection, '_id_', { _id: id });
    }
    return null;
  };

  function collection<T extends Doc = Doc>(name: string): Collection<T> {
    assertCollectionName(name);
    let handle = handles.get(name);
    if (!handle) handles.set(name, (handle = makeCollection(name)));
    return handle as unknown as Collection<T>;
  }

  function makeCollection(name: string): Collection {
    const current = () => {
      assertOpen();
      return collections.get(name);
    };
    return {
      name,
      find: (filter, options: FindOptions = {}) => asPortErrors(name, () => project(find(current(), filter, options), options.projection)),
      findOne: (filter, options = {}) =>
        asPortErrors(name, () => {
          // By id, find answers from the cache.
          const [doc] = find(current(), filter, { limit: 1 });
          return doc ? project([doc], options.projection)[0]! : null;
        }),
      countDocuments: (filter, options = {}) => asPortErrors(name, () => countOf(current(), filter, options.limit)),
      aggregate: <R = Doc>(pipeline: Record<string, unknown>[]) =>
        asPortErrors(name, () => runPipeline(name, pipeline, (filter) => matching(current(), filter)) as R[]),
      async bulkWrite(ops) {
        if (ops.length === 0) return emptyResult();
        return (await runBatch([{ collection: name, ops }]))[0]!;
      },
      createIndexes: (indexes: IndexSpec[]) => serially(() => addIndexes(indexes)),
      drop: () =>
        serially(async () => {
          assertOpen();
          await file.dropCollection(name);
          collections.delete(name);
          cache.deleteWhere((key) => key.startsWith(`${name}\u0000`));
          absent.clear();
        }),
    };

    async function addIndexes(indexes: IndexSpec[]) {
      assertOpen();
      const m = collections.get(name);
      // Check every spec first so that a bad one adds none of them.
      const added: DeclaredIndex[] = [];
      for (const spec of indexes) {
        const index = declareIndex(name, spec);
        if (index.fields.length === 1 && index.fields[0] === '_id' && Object.keys(index.key).length === 1) continue;
        if (checkIndexAddable(name, [...(m?.indexes.values() ?? []), ...added], index) === 'new') added.push(index);
      }
      if (m && added.length === 0) return;
      // One document at a time: as a list, a collection of a million documents took gigabytes.
      const all = function* (): Generator<Doc> {
        if (m) for (const { doc } of pagedDocs(file.db, name)) yield doc;
      };
      for (const index of added) assertUniqueHolds(name, index, all());
      const tracked = trackedPathsOf(added).filter((p) => !m?.tracked.includes(p));
      const flagged = new Set<string>();
      if (m && tracked.length > 0) {
        for (const doc of all()) for (const path of tracked) if (!flagged.has(path) && !isSqlComparable(doc, path)) flagged.add(path);
      }
      await file.addIndexes(name, added, [...flagged]);
      const next = makeMeta({
        name,
        indexes: [...(m?.indexes.values() ?? []), ...added],
        flagged: [...(m?.flagged ?? []), ...flagged],
      });
      next.version = (m?.version ?? 0) + 1;
      collections.set(name, next);
    }
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
        ...(batch.checkpoint.fence !== undefined ? { fence: batch.checkpoint.fence } : {}),
        ...(batch.checkpoint.lease ? { lease: batch.checkpoint.lease } : {}),
      };
      if (checkpoint) assertCheckpoint(checkpoint);
      if (checkpoint && batch.writes.every((w) => w.ops.length === 0)) return commitCheckpoint(checkpoint);
      await runBatch(batch.writes, checkpoint, true);
    },
    async getCheckpoint(name) {
      assertOpen();
      const c = checkpoints.get(name);
      return c ? { ...c } : null;
    },
    async serverTime() {
      return now().getTime();
    },
    deleteCheckpoint: (name) =>
      serially(async () => {
        assertOpen();
        await file.deleteCheckpoint(name);
        checkpoints.delete(name);
      }),
    async close() {
      if (closed) return;
      // Checkpoints gathered for this turn are written before the store closes.
      await writeCheckpointsDue();
      closed = true;
      await writing;
      await file.close();
    },
    explain,
    stats: () => ({ cachedDocuments: cache.size, cacheCapacity: cache.capacity, cacheHits: cache.hits, cacheMisses: cache.misses }),
  };
}

function makeMeta(stored: StoredCollection): CollectionMeta {
  const indexes = new Map(stored.indexes.map((i) => [i.name, i]));
  const textPaths = textPathsOf(indexes.values());
  const m: CollectionMeta = {
    name: stored.name,
    table: docsTable(stored.name),
    indexes,
    tracked: trackedPathsOf(indexes.values()),
    flagged: new Set(stored.flagged),
    textPaths,
    ftsText: textPaths.length > 0 ? ftsTextOf(textPaths) : undefined,
    keys: keyPathsOf(indexes.values()).map((path) => ({ path, get: pathGetter(path.split('.')) })),
    version: 0,
    sql: {
      keyed: (path) => m.keys.some((k) => k.path === path),
      sqlPath: (path) => path === '_id' || (isSqlPath(path) && m.tracked.includes(path) && !m.flagged.has(path)),
      ftsFor: (path) => (m.textPaths.includes(path) ? { table: ftsTable(m.name), exact: m.textPaths.length === 1 } : null),
    },
  };
  return m;
}

/**
 * Whether a key column holding json_extract of one value holds it of the other too. Scalars
 * only, and strictly: anything else (an embedded document, an array on the way) counts as
 * changed, which costs a full write, never a stale column.
 */
const sameKeyValue = (a: unknown, b: unknown): boolean => a === b && (a === null || typeof a !== 'object');

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

function runPipeline(collection: string, pipeline: Record<string, unknown>[], matching: (filter: Filter) => Doc[]): unknown[] {
  if (!Array.isArray(pipeline)) throw new InvalidOperationError(collection, 'a pipeline is an array of stages');
  let stages = pipeline;
  let input: unknown[];
  const first = stages[0];
  if (first && Object.keys(first).length === 1 && '$match' in first) {
    input = matching(first.$match as Filter);
    stages = stages.slice(1);
  } else input = matching({});
  // Stages up to the first one that may write into its input run over the cached documents;
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
/** The ids of a filter that is exactly `{ _id: id }` or `{ _id: { $in: [ids] } }` (strings), else null. */
function idsOnly(filter: Filter | undefined): string[] | null {
  if (!filter) return null;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return null;
  const v = filter._id;
  if (typeof v === 'string') return [v];
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const ops = Object.keys(v);
  const list = (v as { $in?: unknown }).$in;
  if (ops.length !== 1 || !Array.isArray(list) || !list.every((x) => typeof x === 'string')) return null;
  return list as string[];
}

function project(docs: Doc[], projection: Projection | undefined): Doc[] {
  if (!projection || Object.keys(projection).length === 0 || docs.length === 0) return copyOut(docs);
  const picked = projectInclusion(docs, projection);
  return copyOut(picked !== NEEDS_MINGO ? picked : (new Aggregator([{ $project: projection }], {}).run(docs) as Doc[]));
}

function emptyResult(): BulkWriteResult {
  return { insertedCount: 0, matchedCount: 0, modifiedCount: 0, deletedCount: 0, upsertedCount: 0 };
}
