import type Database from 'better-sqlite3';
import type { Doc } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import { docsTable, docsTableName, ftsTable, isSqlPath, jsonValue, keyColumn, pathExpr, sqlIndexName } from './sql-names';

/** The SQL that shapes the embedded read store's file, shared by its reader and its writer. */

export const createDocsTableSql = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS ${docsTable(collection)} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`;

export const createFtsSql = (collection: string) =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(collection)} USING fts5(text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`;

/** The fields an index's SQL index holds: its leading ascending/descending plain paths. */
const sqlFieldsOf = (index: DeclaredIndex): string[] => {
  const fields: string[] = [];
  for (const [field, kind] of Object.entries(index.key)) {
    if (kind === 'text' || !isSqlPath(field)) break;
    fields.push(field);
  }
  return fields.length === 1 && fields[0] === '_id' ? [] : fields;
};

/** The SQL index of a declared index, over its paths' key columns (keyPathsOf). */
export function createIndexSql(collection: string, index: DeclaredIndex): string | null {
  const fields = sqlFieldsOf(index);
  if (fields.length === 0) return null;
  const keys = fields.map((field) => `${pathExpr(field, true)}${index.key[field] === -1 ? ' DESC' : ''}`);
  return `CREATE INDEX IF NOT EXISTS ${sqlIndexName(collection, index.name)} ON ${docsTable(collection)} (${keys.join(', ')})`;
}

/** The paths that have a key column (keyColumn): those the collection's SQL indexes hold. */
export const keyPathsOf = (indexes: Iterable<DeclaredIndex>): string[] => {
  const paths = new Set<string>();
  for (const index of indexes) for (const field of sqlFieldsOf(index)) if (field !== '_id') paths.add(field);
  return [...paths].sort();
};

/**
 * Adds the key columns of these paths a collection's table lacks, each filled with its path's
 * value in every document. Indexes over a key column are created after this.
 */
function addKeyColumns(db: Database.Database, collection: string, paths: readonly string[]): void {
  const table = docsTable(collection);
  const have = new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(docsTableName(collection)) as { name: string }[]).map((r) => r.name));
  const added = paths.filter((p) => !have.has(`k:${p}`));
  if (added.length === 0) return;
  for (const path of added) db.exec(`ALTER TABLE ${table} ADD COLUMN ${keyColumn(path)}`);
  db.exec(`UPDATE ${table} SET ${added.map((p) => `${keyColumn(p)} = ${jsonValue('body', p)}`).join(', ')}`);
}

/** The SQL indexes of these declared indexes, after the key columns they are over. */
export function createSqlIndexes(db: Database.Database, collection: string, indexes: DeclaredIndex[]): void {
  addKeyColumns(db, collection, keyPathsOf(indexes));
  for (const index of indexes) {
    const sql = createIndexSql(collection, index);
    if (sql) db.exec(sql);
  }
}

/** The indexes declared on a collection, as the file records them. */
export const declaredIndexesOf = (db: Database.Database, collection: string): DeclaredIndex[] =>
  (db.prepare('SELECT spec FROM indexes WHERE coll = ?').all(collection) as { spec: string }[]).map((r) => JSON.parse(r.spec) as DeclaredIndex);

export const hasText = (index: DeclaredIndex) => Object.values(index.key).includes('text');

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

/** Paths whose values decide whether SQL may answer for them (index and text fields). */
export const trackedPathsOf = (indexes: Iterable<DeclaredIndex>): string[] => {
  const paths = new Set<string>();
  for (const index of indexes) for (const field of Object.keys(index.key)) if (field !== '_id') paths.add(field);
  return [...paths];
};
