import type Database from 'better-sqlite3';
import type { Doc } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import { docsTable, ftsTable, isSqlPath, pathExpr, sqlIndexName } from './sql-names';

/** The SQL that shapes the embedded read store's file, shared by its reader and its writer. */

export const createDocsTableSql = (collection: string) =>
  `CREATE TABLE IF NOT EXISTS ${docsTable(collection)} (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL)`;

export const createFtsSql = (collection: string) =>
  `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTable(collection)} USING fts5(text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`;

/** The SQL index of a declared index: its leading ascending/descending keys, as expressions. */
export function createIndexSql(collection: string, index: DeclaredIndex): string | null {
  const keys: string[] = [];
  for (const [field, kind] of Object.entries(index.key)) {
    if (kind === 'text' || !isSqlPath(field)) break;
    keys.push(`${pathExpr(field)}${kind === -1 ? ' DESC' : ''}`);
  }
  if (keys.length === 0 || (keys.length === 1 && keys[0] === 'id')) return null;
  return `CREATE INDEX IF NOT EXISTS ${sqlIndexName(collection, index.name)} ON ${docsTable(collection)} (${keys.join(', ')})`;
}

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
