import type Database from 'better-sqlite3';
import type { Checkpoint } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import { createDocsTableSql, createFtsSql, createSqlIndexes, declaredIndexesOf, ftsTextOf, hasText, pagedDocs, textPathsOf } from './sqlite-schema';
import { docsTable, ftsTable, jsonValue, keyColumn } from './sql-names';
import { withTempOnDisk } from './sqlite-connection';

/**
 * What a batch writes to one collection, as plain data (it crosses to the writer thread):
 * rows in the batch's order, `[id, body, text, fresh, textKept, keysKept]` to write (text: the
 * document's FTS text, null when the collection has no text index; textKept: the row exists and
 * its FTS row already holds that text; keysKept: the row exists and its key columns already hold
 * the document's values) or `[id, null, null, false, false, false]` to delete.
 */
export interface WireChanges {
  collection: string;
  rows: [id: string, body: string | null, text: string | null, fresh: boolean, textKept: boolean, keysKept: boolean][];
  /** Whether the collection has an FTS table to keep in step. */
  fts: boolean;
  /** The paths of the collection's key columns (keyPathsOf), each set from the body on a write. */
  keys: string[];
  /** Paths first seen holding a value SQL cannot compare (see isSqlComparable). */
  newlyFlagged: string[];
}

/** Every write the embedded read store makes to its file, each one transaction. */
export interface FileWrites {
  /** Documents of several collections, newly flagged paths and checkpoints (of several followers when only checkpoints move). */
  writeBatch(collections: WireChanges[], checkpoints: readonly Checkpoint[]): void;
  /** Creates the SQL indexes (and FTS table) of newly declared indexes; records them and flagged paths. */
  addIndexes(collection: string, indexes: DeclaredIndex[], flagged: string[]): void;
  dropCollection(collection: string): void;
  deleteCheckpoint(name: string): void;
  /** Another connection dropped the collection: its table is no longer known to exist here. */
  forget(collection: string): void;
}

export type FileWriteOp = keyof FileWrites;

const UPSERT_CHUNK = 50;

interface CollectionStatements {
  one: { upsert: Database.Statement; insert: Database.Statement };
  many: { upsert: Database.Statement; insert: Database.Statement };
  bodyOnly: Database.Statement;
  remove: Database.Statement;
  ftsDelete: Database.Statement | null;
  ftsInsert: Database.Statement | null;
}

/** The writes over one connection (the store's own, or its writer thread's). */
export function createFileWrites(db: Database.Database): FileWrites {
  const addCollection = db.prepare<[string]>('INSERT OR IGNORE INTO collections (name) VALUES (?)');
  const addFlag = db.prepare<[string, string]>('INSERT OR IGNORE INTO path_flags (coll, path) VALUES (?, ?)');
  const putCheckpoint = db.prepare<[string, number, string]>(
    'INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at',
  );
  const removeCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE name = ?');
  const putIndex = db.prepare<[string, string, string]>(
    'INSERT INTO indexes (coll, name, spec) VALUES (?, ?, ?) ON CONFLICT (coll, name) DO UPDATE SET spec = excluded.spec',
  );

  // Tables known to exist; one created inside a transaction counts once that transaction
  // commits. (Each batch used to run CREATE TABLE IF NOT EXISTS again, parsing it every time.)
  const ensured = new Set<string>();
  const creating = new Set<string>();
  const ensureTable = (collection: string) => {
    if (ensured.has(collection) || creating.has(collection)) return;
    addCollection.run(collection);
    db.exec(createDocsTableSql(collection));
    creating.add(collection);
  };
  const settled =
    <A extends unknown[]>(run: (...args: A) => void) =>
    (...args: A) => {
      try {
        run(...args);
        for (const c of creating) ensured.add(c);
      } finally {
        creating.clear();
      }
    };

  /**
   * A collection's write statements, by its key paths and FTS table: made once, not per batch
   * (the 50-row statement's SQL alone is over a kilobyte to build and look up).
   */
  const collectionStatements = new Map<string, CollectionStatements>();
  const statementsOf = (collection: string, keys: string[], fts: boolean): CollectionStatements => {
    const memo = `${collection}\u0000${fts ? 1 : 0}\u0000${keys.join('\u0000')}`;
    let made = collectionStatements.get(memo);
    if (made) return made;
    const t = docsTable(collection);
    const returning = fts ? ' RETURNING rid, id' : '';
    const values = (n: number) => new Array(n).fill('(?, ?)').join(', ');
    const columns = keys.map(keyColumn);
    // Key columns are set by SQLite's own json_extract of the body: equal to what the
    // expression gave, whatever the value's type.
    const insertSql = (n: number) =>
      columns.length === 0
        ? `INSERT INTO ${t} (id, body) VALUES ${values(n)}`
        : `INSERT INTO ${t} (id, body, ${columns.join(', ')}) SELECT column1, column2, ${keys.map((p) => jsonValue('column2', p)).join(', ')} FROM (VALUES ${values(n)}) WHERE true`;
    const upsertSql = (n: number) =>
      `${insertSql(n)} ON CONFLICT (id) DO UPDATE SET body = excluded.body${columns.map((c) => `, ${c} = excluded.${c}`).join('')}${returning}`;
    const ftsName = fts ? ftsTable(collection) : null;
    made = {
      // Rows go 50 to a statement: fewer calls into SQLite, about 1.5x the rows per second.
      // Fresh rows (inserts nobody looked up) are plain INSERTs: a duplicate id fails the batch.
      one: { upsert: db.prepare(upsertSql(1)), insert: db.prepare(`${insertSql(1)}${returning}`) },
      many: { upsert: db.prepare(upsertSql(UPSERT_CHUNK)), insert: db.prepare(`${insertSql(UPSERT_CHUNK)}${returning}`) },
      // A row whose key columns keep their values gets its body alone: SQLite then leaves every
      // index over the key columns as it is (an update of the body rewrote them all).
      bodyOnly: db.prepare(`UPDATE ${t} SET body = ? WHERE id = ?${returning}`),
      remove: db.prepare(`DELETE FROM ${t} WHERE id = ?${fts ? ' RETURNING rid' : ''}`),
      ftsDelete: ftsName ? db.prepare(`DELETE FROM ${ftsName} WHERE rowid = ?`) : null,
      ftsInsert: ftsName ? db.prepare(`INSERT INTO ${ftsName} (rowid, text) VALUES (?, ?)`) : null,
    };
    collectionStatements.set(memo, made);
    return made;
  };

  /** The batch's FTS deletes `[stmt, rid]` and inserts `[stmt, rid, text]`, in order, run at its end. */
  const ftsWrites: [Database.Statement, ...unknown[]][] = [];
  const writeCollection = ({ collection, rows, fts, keys, newlyFlagged }: WireChanges) => {
    if (rows.length === 0 && newlyFlagged.length === 0) return;
    ensureTable(collection);
    for (const path of newlyFlagged) addFlag.run(collection, path);
    const { one, many, bodyOnly, remove, ftsDelete, ftsInsert } = statementsOf(collection, keys, fts);
    let kind: 'upsert' | 'insert' = 'upsert';
    let chunk: unknown[] = [];
    /** The chunk's FTS texts by id; none for a row whose FTS row already holds its text. */
    let texts = new Map<string, string>();
    /** Runs a write (`existing`: its rows may have FTS rows to replace); the number of rows written. */
    const run = (stmt: Database.Statement, args: unknown[], existing: boolean): number => {
      if (!fts) return stmt.run(args).changes;
      const written = stmt.all(args) as { rid: number; id: string }[];
      for (const { rid, id } of written) {
        const text = texts.get(id);
        if (text === undefined) continue;
        // A fresh row's rid is new: it has no FTS row to replace.
        if (existing) ftsWrites.push([ftsDelete!, rid]);
        ftsWrites.push([ftsInsert!, rid, text]);
      }
      return written.length;
    };
    const flush = () => {
      if (chunk.length === UPSERT_CHUNK * 2) run(many[kind], chunk, kind === 'upsert');
      else for (let i = 0; i < chunk.length; i += 2) run(one[kind], [chunk[i], chunk[i + 1]], kind === 'upsert');
      chunk = [];
      texts = new Map();
    };
    for (const [id, body, text, fresh, textKept, keysKept] of rows) {
      if (body === null) {
        flush();
        if (fts) {
          const row = remove.get(id) as { rid: number } | undefined;
          if (row) ftsWrites.push([ftsDelete!, row.rid]);
        } else remove.run(id);
        continue;
      }
      if (keysKept && !fresh) {
        flush();
        if (fts && !textKept) texts.set(id, text ?? '');
        if (run(bodyOnly, [body, id], true) === 0) {
          // Not there after all: written whole.
          if (fts) texts.set(id, text ?? '');
          run(one.upsert, [id, body], true);
        }
        texts = new Map();
        continue;
      }
      const rowKind = fresh ? 'insert' : 'upsert';
      if (rowKind !== kind) {
        flush();
        kind = rowKind;
      }
      chunk.push(id, body);
      if (fts && !(textKept && rowKind === 'upsert')) texts.set(id, text ?? '');
      if (chunk.length === UPSERT_CHUNK * 2) flush();
    }
    flush();
  };

  const writeBatch = db.transaction((collections: WireChanges[], checkpoints: readonly Checkpoint[]) => {
    ftsWrites.length = 0;
    for (const changes of collections) writeCollection(changes);
    for (const checkpoint of checkpoints) putCheckpoint.run(checkpoint.name, checkpoint.position, checkpoint.updatedAt);
    // FTS rows last, after every other write of the transaction: FTS5 flushes its pending terms
    // into a new segment whenever another write statement starts in between (a statement
    // savepoint), so interleaved, each chunk made a segment to merge later (docs/performance.md).
    for (const [stmt, ...args] of ftsWrites) stmt.run(...args);
    ftsWrites.length = 0;
  });

  const addIndexes = db.transaction((collection: string, indexes: DeclaredIndex[], flagged: string[]) => {
    ensureTable(collection);
    for (const path of flagged) addFlag.run(collection, path);
    for (const index of indexes) putIndex.run(collection, index.name, JSON.stringify(index));
    createSqlIndexes(db, collection, indexes);
    if (indexes.some(hasText)) {
      const all = declaredIndexesOf(db, collection);
      db.exec(createFtsSql(collection));
      const textOf = ftsTextOf(textPathsOf(all));
      const fts = ftsTable(collection);
      db.exec(`DELETE FROM ${fts}`);
      const insert = db.prepare(`INSERT INTO ${fts} (rowid, text) VALUES (?, ?)`);
      for (const { rid, doc } of pagedDocs(db, collection)) insert.run(rid, textOf(doc));
    }
  });

  const forget = (collection: string) => {
    ensured.delete(collection);
    for (const memo of collectionStatements.keys()) if (memo.startsWith(`${collection}\u0000`)) collectionStatements.delete(memo);
  };

  const dropCollection = db.transaction((collection: string) => {
    forget(collection);
    db.exec(`DROP TABLE IF EXISTS ${docsTable(collection)}; DROP TABLE IF EXISTS ${ftsTable(collection)};`);
    for (const table of ['indexes', 'path_flags']) db.prepare(`DELETE FROM ${table} WHERE coll = ?`).run(collection);
    db.prepare('DELETE FROM collections WHERE name = ?').run(collection);
  });

  return {
    writeBatch: settled((collections: WireChanges[], checkpoints: readonly Checkpoint[]) => writeBatch(collections, checkpoints)),
    addIndexes: settled((collection: string, indexes: DeclaredIndex[], flagged: string[]) =>
      withTempOnDisk(db, () => addIndexes(collection, indexes, flagged)),
    ),
    dropCollection: (collection) => dropCollection(collection),
    deleteCheckpoint: (name) => void removeCheckpoint.run(name),
    forget,
  };
}
