import Database from 'better-sqlite3';
import type { Checkpoint, Doc } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import { docsTable, ftsTable, isSqlComparable, isSqlPath, pathExpr, quoteText, sqlIndexName } from './sql-paths';
import type { StagedDoc } from './staged-collection';

/**
 * The embedded read store's SQLite file (WAL): one table per collection (`rid`, `id`, JSON
 * `body`), each declared index as an SQLite expression index over the JSON, an FTS5 trigram
 * table for 'text' index fields, and the metadata (collections, declared indexes, paths that
 * held values SQL cannot compare, checkpoints). Documents are read from it; opening it reads
 * only the metadata, whatever the number of documents.
 */
export interface ReadStoreFile {
  readonly db: Database.Database;
  loadMeta(): StoredMeta;
  /** One transaction: documents of several collections, newly flagged paths, optional checkpoint. */
  writeBatch(collections: CollectionChanges[], checkpoint?: Checkpoint): void;
  /** Creates the SQL indexes (and FTS table) of newly declared indexes; records them and flagged paths. */
  addIndexes(collection: string, indexes: DeclaredIndex[], flagged: string[]): void;
  dropCollection(collection: string): void;
  deleteCheckpoint(name: string): void;
  /** A prepared statement, cached by its SQL. */
  statement(sql: string): Database.Statement;
  close(): void;
}

export interface CollectionChanges {
  collection: string;
  changes: ReadonlyMap<string, StagedDoc | null>;
  /** Paths first seen holding a value SQL cannot compare (see isSqlComparable). */
  newlyFlagged: string[];
  /** Text for the FTS index of a document; undefined when the collection has none. */
  ftsText?: (doc: Doc) => string;
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

export const SCHEMA_VERSION = 2;
const UPSERT_CHUNK = 50;

export function openReadStoreFile(file: string, options: { cacheMb?: number } = {}): ReadStoreFile {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every commit atomic and survives a process crash; only an OS
  // crash or power cut can lose the last commits, which projections then replay from
  // their checkpoint (checkpoint and documents always travel together).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // SQLite's page cache is the store's memory: bounded, in KiB.
  db.pragma(`cache_size = -${Math.round((options.cacheMb ?? 64) * 1024)}`);
  db.pragma('temp_store = MEMORY');
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

  const addCollection = db.prepare<[string]>('INSERT OR IGNORE INTO collections (name) VALUES (?)');
  const addFlag = db.prepare<[string, string]>('INSERT OR IGNORE INTO path_flags (coll, path) VALUES (?, ?)');
  const putCheckpoint = db.prepare<[string, number, string]>(
    'INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at',
  );
  const removeCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE name = ?');
  const putIndex = db.prepare<[string, string, string]>(
    'INSERT INTO indexes (coll, name, spec) VALUES (?, ?, ?) ON CONFLICT (coll, name) DO UPDATE SET spec = excluded.spec',
  );

  const ensureTable = (collection: string) => {
    addCollection.run(collection);
    db.exec(createDocsTableSql(collection));
  };

  const writeBatch = db.transaction((collections: CollectionChanges[], checkpoint?: Checkpoint) => {
    for (const { collection, changes, newlyFlagged, ftsText } of collections) {
      if (changes.size === 0 && newlyFlagged.length === 0) continue;
      ensureTable(collection);
      for (const path of newlyFlagged) addFlag.run(collection, path);
      const t = docsTable(collection);
      const returning = ftsText ? ' RETURNING rid, id' : '';
      const upsert = statement(`INSERT INTO ${t} (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body${returning}`);
      // Upserts go 50 rows to a statement: fewer calls into SQLite, about 1.5x the rows per second.
      const upsertChunk = statement(
        `INSERT INTO ${t} (id, body) VALUES ${new Array(UPSERT_CHUNK).fill('(?, ?)').join(', ')} ON CONFLICT (id) DO UPDATE SET body = excluded.body${returning}`,
      );
      const remove = statement(`DELETE FROM ${t} WHERE id = ?${ftsText ? ' RETURNING rid' : ''}`);
      const fts = ftsText ? ftsTable(collection) : null;
      const ftsDelete = fts ? statement(`DELETE FROM ${fts} WHERE rowid = ?`) : null;
      const ftsInsert = fts ? statement(`INSERT INTO ${fts} (rowid, text) VALUES (?, ?)`) : null;
      const indexText = (rows: { rid: number; id: string }[]) => {
        for (const { rid, id } of rows) {
          ftsDelete!.run(rid);
          ftsInsert!.run(rid, ftsText!((changes.get(id) as StagedDoc).doc));
        }
      };
      let chunk: unknown[] = [];
      const flush = (stmt: Database.Statement, args: unknown[]) => {
        if (ftsText) indexText(stmt.all(args) as { rid: number; id: string }[]);
        else stmt.run(args);
      };
      for (const [id, change] of changes) {
        if (!change) {
          if (ftsText) {
            const row = remove.get(id) as { rid: number } | undefined;
            if (row) ftsDelete!.run(row.rid);
          } else remove.run(id);
          continue;
        }
        chunk.push(id, change.body);
        if (chunk.length === UPSERT_CHUNK * 2) {
          flush(upsertChunk, chunk);
          chunk = [];
        }
      }
      for (let i = 0; i < chunk.length; i += 2) flush(upsert, [chunk[i], chunk[i + 1]]);
    }
    if (checkpoint) putCheckpoint.run(checkpoint.name, checkpoint.position, checkpoint.updatedAt);
  });

  const addIndexes = db.transaction((collection: string, indexes: DeclaredIndex[], flagged: string[]) => {
    ensureTable(collection);
    for (const path of flagged) addFlag.run(collection, path);
    for (const index of indexes) {
      putIndex.run(collection, index.name, JSON.stringify(index));
      const sql = createIndexSql(collection, index);
      if (sql) db.exec(sql);
    }
    if (indexes.some(hasText)) {
      const all = (db.prepare('SELECT spec FROM indexes WHERE coll = ?').all(collection) as { spec: string }[]).map((r) => JSON.parse(r.spec) as DeclaredIndex);
      db.exec(createFtsSql(collection));
      const textOf = ftsTextOf(textPathsOf(all));
      const fts = ftsTable(collection);
      db.exec(`DELETE FROM ${fts}`);
      const insert = db.prepare(`INSERT INTO ${fts} (rowid, text) VALUES (?, ?)`);
      for (const { rid, doc } of pagedDocs(db, collection)) insert.run(rid, textOf(doc));
    }
  });

  const dropCollection = db.transaction((collection: string) => {
    db.exec(`DROP TABLE IF EXISTS ${docsTable(collection)}; DROP TABLE IF EXISTS ${ftsTable(collection)};`);
    for (const table of ['indexes', 'path_flags']) db.prepare(`DELETE FROM ${table} WHERE coll = ?`).run(collection);
    db.prepare('DELETE FROM collections WHERE name = ?').run(collection);
  });

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
    writeBatch: (collections, checkpoint) => writeBatch(collections, checkpoint),
    addIndexes: (collection, indexes, flagged) => addIndexes(collection, indexes, flagged),
    dropCollection: (collection) => dropCollection(collection),
    deleteCheckpoint: (name) => void removeCheckpoint.run(name),
    statement,
    close: () => db.close(),
  };
}

/**
 * Every document of a collection, read a page at a time (so other statements may run
 * between pages, which an open iterator forbids).
 */
export function* pagedDocs(db: Database.Database, collection: string, pageSize = 1_000): Generator<{ rid: number; doc: Doc }> {
  const page = db.prepare(`SELECT rid, body FROM ${docsTable(collection)} WHERE rid > ? ORDER BY rid LIMIT ${pageSize}`);
  let after = 0;
  for (;;) {
    const rows = page.all(after) as { rid: number; body: string }[];
    for (const row of rows) yield { rid: row.rid, doc: JSON.parse(row.body) as Doc };
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.rid;
  }
}

const hasText = (index: DeclaredIndex) => Object.values(index.key).includes('text');

/** The 'text' fields of a collection's indexes. */
export const textPathsOf = (indexes: Iterable<DeclaredIndex>): string[] => {
  const paths = new Set<string>();
  for (const index of indexes) for (const [field, kind] of Object.entries(index.key)) if (kind === 'text') paths.add(field);
  return [...paths];
};

/** What the FTS index holds for a document: its text fields' string values, one a line. */
export const ftsTextOf =
  (paths: readonly string[]) =>
  (doc: Doc): string => {
    const parts: string[] = [];
    for (const path of paths) {
      let cur: unknown = doc;
      for (const part of path.split('.'))
        cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[part] : undefined;
      if (typeof cur === 'string') parts.push(cur);
    }
    return parts.join('\n');
  };

const createDocsTableSql = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS ${docsTable(collection)} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`;

const createFtsSql = (collection: string) =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(collection)} USING fts5(text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`;

/** The SQL index of a declared index: its leading ascending/descending keys, as expressions. */
function createIndexSql(collection: string, index: DeclaredIndex): string | null {
  const keys: string[] = [];
  for (const [field, kind] of Object.entries(index.key)) {
    if (kind === 'text' || !isSqlPath(field)) break;
    keys.push(`${pathExpr(field)}${kind === -1 ? ' DESC' : ''}`);
  }
  if (keys.length === 0 || (keys.length === 1 && keys[0] === 'id')) return null;
  return `CREATE INDEX IF NOT EXISTS ${sqlIndexName(collection, index.name)} ON ${docsTable(collection)} (${keys.join(', ')})`;
}

/** Paths whose values decide whether SQL may answer for them (index and text fields). */
export const trackedPathsOf = (indexes: Iterable<DeclaredIndex>): string[] => {
  const paths = new Set<string>();
  for (const index of indexes) for (const field of Object.keys(index.key)) if (field !== '_id') paths.add(field);
  return [...paths];
};

const SCHEMA_V2 = `
  CREATE TABLE IF NOT EXISTS collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS indexes (coll TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (coll, name)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS path_flags (coll TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (coll, path)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
`;

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version !== 0 && version !== 1) throw new Error(`read store file has schema version ${version}; this build knows ${SCHEMA_VERSION}`);
  db.transaction(() => {
    db.exec(SCHEMA_V2);
    if (version === 1) migrateFromV1(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

/**
 * Version 1 kept every document in one `docs (coll, id, body)` table and loaded it all into
 * memory at start. Each collection moves to its own table; its declared indexes become SQL
 * indexes, and the paths they cover are checked once for values SQL cannot compare.
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
    const indexes = (db.prepare('SELECT spec FROM indexes WHERE coll = ?').all(name) as { spec: string }[]).map((r) => JSON.parse(r.spec) as DeclaredIndex);
    for (const index of indexes) {
      const sql = createIndexSql(name, index);
      if (sql) db.exec(sql);
    }
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
