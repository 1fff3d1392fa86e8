import type { Doc } from '../read-store';
import { resolvePath, isThroughArray } from './doc-filter';

export { docsTable, ftsTable, isSqlPath, pathExpr, quoteIdent, quoteText, sqlIndexName } from './sql-names';

/**
 * Whether the value at a path is one SQL compares and orders as MongoDB does: missing, null,
 * a number or a string. Booleans (0/1 in SQL), arrays and embedded documents (JSON text in
 * SQL, element-wise in MongoDB) are not: once a path has held one, queries on it are decided
 * in JavaScript (like MongoDB's multikey flag, it is never cleared).
 */
export function isSqlComparable(doc: Doc, path: string): boolean {
  const value = resolvePath(doc, path.split('.'));
  if (value === undefined || value === null) return true;
  if (isThroughArray(value)) return false;
  const t = typeof value;
  return t === 'string' || t === 'number';
}
