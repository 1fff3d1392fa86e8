/** SQL names and expressions of the embedded read store's SQLite file. */

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const quoteText = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** The table of a collection's documents: `rid` (insertion order, FTS rowid), `id`, `body` (JSON). */
export const docsTable = (collection: string): string => quoteIdent(docsTableName(collection));
/** The same table's name unquoted (as PRAGMA table functions take it). */
export const docsTableName = (collection: string): string => `d:${collection}`;
/** The FTS5 trigram index over a collection's 'text' index fields (contentless, rowid = rid). */
export const ftsTable = (collection: string): string => quoteIdent(`f:${collection}`);
export const sqlIndexName = (collection: string, index: string): string => quoteIdent(`i:${collection}:${index}`);

const SIMPLE_PART = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A dotted path SQL can read with json_extract and index: plain names only (a numeric part
 * means an array position in MongoDB, which json_extract reads differently).
 */
export const isSqlPath = (path: string): boolean => path === '_id' || path.split('.').every((p) => SIMPLE_PART.test(p));

/**
 * The column holding a path's value when an SQL index names the path: json_extract of the body,
 * kept in step by every write, so that a write leaving the value alone leaves the index alone.
 */
export const keyColumn = (path: string): string => quoteIdent(`k:${path}`);

/**
 * The expression an index and a query both use for a path (they must match to the letter): its
 * key column where it has one (`keyed`), else the body's value.
 */
export const pathExpr = (path: string, keyed = false): string => (path === '_id' ? 'id' : keyed ? keyColumn(path) : jsonValue('body', path));

/** A path's value in the JSON of `source` (a column or parameter). */
export const jsonValue = (source: string, path: string): string => `json_extract(${source}, '$.${path}')`;
