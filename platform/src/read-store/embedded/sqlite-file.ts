import Database from 'better-sqlite3';
import { startThread } from '../../config/start-thread';
import type { Checkpoint } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import { configureConnection, withTempOnDisk } from './sqlite-connection';
import { createDocsTableSql, createFtsSql, createSqlIndexes, declaredIndexesOf, ftsTextOf, pagedDocs, textPathsOf, trackedPathsOf } from './sqlite-schema';
import { createFileWrites, type FileWriteOp, type FileWrites, type WireChanges } from './sqlite-writes';
import type { WriterAnswer, WriterRequest } from './sqlite-writer-thread';
import { docsTable, ftsTable, isSqlComparable, quoteText, sqlIndexName } from './sql-paths';

export { ftsTextOf, keyPathsOf, pagedDocs, textPathsOf, trackedPathsOf } from './sqlite-schema';
export type { WireChanges } from './sqlite-writes';

/**
 * The embedded read store's SQLite file (WAL): one table per collection (`rid`, `id`, JSON
 * `body`, and a key column for each path an index holds), each declared index as an SQLite
 * index over key columns, an FTS5 trigram
 * table for 'text' index fields, and the metadata (collections, declared indexes, paths that
 * held values SQL cannot compare, checkpoints). Documents are read from it; opening it reads
 * only the metadata, whatever the number of documents.
 *
 * Reads go through the store's own connection. With `writerThread` (the server's setting),
 * batches of more than INLINE_ROWS documents go to a writer thread with its own connection
 * (sqlite-writer-thread.ts): their SQL (documents, indexes, FTS rows, the commit)
 * no longer holds the event loop that serves requests. The store makes one write at a time
 * and awaits it before it counts as committed, so the two connections never write at once.
 */
export interface ReadStoreFile {
  readonly db: Database.Database;
  loadMeta(): StoredMeta;
  /** One transaction: documents of several collections, newly flagged paths, checkpoints. */
  writeBatch(collections: WireChanges[], checkpoints: readonly Checkpoint[]): Promise<void>;
  /** Creates the SQL indexes (and FTS table) of newly declared indexes; records them and flagged paths. */
  addIndexes(collection: string, indexes: DeclaredIndex[], flagged: string[]): Promise<void>;
  dropCollection(collection: string): Promise<void>;
  deleteCheckpoint(name: string): Promise<void>;
  /** A prepared statement, cached by its SQL (reads). */
  statement(sql: string): Database.Statement;
  close(): Promise<void>;
}

export interface StoredCollection {
  name: string;
  indexes: DeclaredIndex[];
  flagged: string[];
}

export interface StoredMeta {
  collections: StoredCollection[];
  checkpoints: Checkpoint[];
}

export const SCHEMA_VERSION = 3;
/** Batches of at most this many documents are written on the store's own connection, not the thread. */
const INLINE_ROWS = 4;

export interface ReadStoreFileOptions {
  /** SQLite page cache per connection, MB. Default 64. */
  cacheMb?: number;
  /** Writes on a writer thread with its own connection (never for ':memory:'); default: on the store's connection. */
  writerThread?: boolean;
}

export function openReadStoreFile(file: string, options: ReadStoreFileOptions = {}): ReadStoreFile {
  const cacheMb = options.cacheMb ?? 64;
  const db = new Database(file);
  configureConnection(db, cacheMb);
  migrate(db);

  const statements = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      // Queries differ by their number of $in values: keep the cache bounded.
      if (statements.size >= 1_000) statements.clear();
      statements.set(sql, (s = db.prepare(sql)));
    }
    return s;
  };

  const inMemory = file === ':memory:' || file === '';
  const inline = inlineWriter(createFileWrites(db));
  const thread = options.writerThread && !inMemory ? threadWriter(file, cacheMb) : null;
  // The store writes one batch at a time (embedded-read-store.ts), so the thread is idle
  // whenever a write starts and the store's own connection may take the file's write lock.
  // A small batch is written here: the hop to the thread and back delayed a command's change
  // on its way to the live channel more than the write itself (docs/performance.md); larger
  // ones (the history's lines, a burst's documents) go to the thread.
  const rowsOf = (collections: WireChanges[]) => collections.reduce((n, c) => n + c.rows.length, 0);

  return {
    db,
    loadMeta() {
      const names = (db.prepare('SELECT name FROM collections ORDER BY name').all() as { name: string }[]).map((r) => r.name);
      const indexes = db.prepare('SELECT coll, spec FROM indexes').all() as { coll: string; spec: string }[];
      const flags = db.prepare('SELECT coll, path FROM path_flags').all() as { coll: string; path: string }[];
      const collections = names.map((name) => ({
        name,
        indexes: indexes.filter((r) => r.coll === name).map((r) => JSON.parse(r.spec) as DeclaredIndex),
        flagged: flags.filter((r) => r.coll === name).map((r) => r.path),
      }));
      const checkpoints = (
        db.prepare('SELECT name, position, updated_at FROM checkpoints').all() as { name: string; position: number; updated_at: string }[]
      ).map((r) => ({ name: r.name, position: r.position, updatedAt: r.updated_at }));
      return { collections, checkpoints };
    },
    writeBatch: (collections, checkpoints) => (thread && rowsOf(collections) > INLINE_ROWS ? thread : inline).call('writeBatch', [collections, checkpoints]),
    addIndexes: (collection, indexes, flagged) => inline.call('addIndexes', [collection, indexes, flagged]),
    dropCollection: async (collection) => {
      // Cached statements of the dropped table go with it, here and in the thread.
      for (const sql of statements.keys()) if (sql.includes(docsTable(collection)) || sql.includes(ftsTable(collection))) statements.delete(sql);
      await inline.call('dropCollection', [collection]);
      await thread?.call('forget', [collection]);
    },
    deleteCheckpoint: (name) => inline.call('deleteCheckpoint', [name]),
    statement,
    async close() {
      await thread?.close();
      db.close();
    },
  };
}

interface Writer {
  call(op: FileWriteOp, args: unknown[]): Promise<void>;
  close(): Promise<void>;
}

function inlineWriter(writes: FileWrites): Writer {
  return {
    async call(op, args) {
      (writes[op] as (...a: unknown[]) => void)(...args);
    },
    async close() {},
  };
}

/**
 * The writer thread: requests go in order, answers come back in order. Under tsx (tests,
 * the bench, `npm run dev`) the thread loads the TypeScript source through tsx; the compiled
 * server has it as dist/server/read-store-writer.js beside its chunks (deploy/src/build-server.ts).
 */
function threadWriter(file: string, cacheMb: number): Writer {
  const worker = startThread(
    {
      source: new URL('./sqlite-writer-thread.ts', import.meta.url),
      compiled: new URL('./read-store-writer.js', import.meta.url),
      fromSource: import.meta.url.endsWith('.ts'),
    },
    { workerData: { file, cacheMb } },
  );
  // An idle writer does not keep the process alive; one with writes under way does.
  worker.unref();
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  let seq = 0;
  let failed: Error | null = null;
  const failAll = (error: Error) => {
    failed = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('message', (answer: WriterAnswer) => {
    const p = pending.get(answer.seq);
    if (!p) return;
    pending.delete(answer.seq);
    if (pending.size === 0) worker.unref();
    if (answer.ok) p.resolve();
    else p.reject(Object.assign(new Error(answer.message), answer.code ? { code: answer.code } : {}));
  });
  worker.on('error', (error) => failAll(new Error(`read store writer thread failed: ${error.message}`)));
  worker.on('exit', (code) => failAll(new Error(`read store writer thread exited (${code})`)));
  const send = (op: WriterRequest['op'], args: unknown[]) =>
    new Promise<void>((resolve, reject) => {
      if (failed) return reject(failed);
      const request: WriterRequest = { seq: ++seq, op, args };
      pending.set(request.seq, { resolve, reject });
      worker.ref();
      worker.postMessage(request);
    });
  return {
    call: (op, args) => send(op, args),
    async close() {
      if (failed) return;
      await send('close', []);
      await worker.terminate();
    },
  };
}

const SCHEMA_V2 = `
  CREATE TABLE IF NOT EXISTS collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS indexes (coll TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (coll, name)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS path_flags (coll TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (coll, path)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
`;

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version < 0 || version > SCHEMA_VERSION) throw new Error(`read store file has schema version ${version}; this build knows ${SCHEMA_VERSION}`);
  withTempOnDisk(
    db,
    db.transaction(() => {
      db.exec(SCHEMA_V2);
      if (version === 1) migrateFromV1(db);
      if (version === 1 || version === 2) migrateToV3(db);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    }),
  );
}

/**
 * Version 2 indexed expressions over the JSON body, so that every write of a body rewrote every
 * index. Each path an index holds gets a key column (filled from the bodies); the indexes are
 * made again over the columns.
 */
function migrateToV3(db: Database.Database): void {
  for (const { name } of db.prepare('SELECT name FROM collections').all() as { name: string }[]) {
    const indexes = declaredIndexesOf(db, name);
    db.exec(createDocsTableSql(name));
    for (const index of indexes) db.exec(`DROP INDEX IF EXISTS ${sqlIndexName(name, index.name)}`);
    createSqlIndexes(db, name, indexes);
  }
}

/**
 * Version 1 kept every document in one `docs (coll, id, body)` table and loaded it all into
 * memory at start. Each collection moves to its own table (its SQL indexes come with version 3),
 * and the paths its indexes cover are checked once for values SQL cannot compare.
 */
function migrateFromV1(db: Database.Database): void {
  const names = new Set([
    ...(db.prepare('SELECT name FROM collections').all() as { name: string }[]).map((r) => r.name),
    ...(db.prepare('SELECT DISTINCT coll FROM docs').all() as { coll: string }[]).map((r) => r.coll),
  ]);
  for (const name of names) {
    db.prepare('INSERT OR IGNORE INTO collections (name) VALUES (?)').run(name);
    db.exec(createDocsTableSql(name));
    db.prepare(`INSERT INTO ${docsTable(name)} (id, body) SELECT id, body FROM docs WHERE coll = ${quoteText(name)} ORDER BY id`).run();
    const indexes = declaredIndexesOf(db, name);
    const tracked = trackedPathsOf(indexes);
    const flagged = new Set<string>();
    const texts = textPathsOf(indexes);
    const textOf = ftsTextOf(texts);
    if (texts.length > 0) db.exec(createFtsSql(name));
    const ftsInsert = texts.length > 0 ? db.prepare(`INSERT INTO ${ftsTable(name)} (rowid, text) VALUES (?, ?)`) : null;
    if (tracked.length > 0) {
      for (const { rid, doc } of pagedDocs(db, name)) {
        for (const path of tracked) if (!flagged.has(path) && !isSqlComparable(doc, path)) flagged.add(path);
        ftsInsert?.run(rid, textOf(doc));
      }
    }
    for (const path of flagged) db.prepare('INSERT OR IGNORE INTO path_flags (coll, path) VALUES (?, ?)').run(name, path);
  }
  db.exec('DROP TABLE docs');
}
