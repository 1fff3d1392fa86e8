/** SQL names and expressions of the embedded read store's SQLite file. */

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const quoteText = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** The table of a collection's documents: `rid` (insertion order, FTS rowid), `id`, `body` (JSON). */
export const docsTable = (collection: string): string => quoteIdent(`d:${collection}`);
/** The FTS5 trigram index over a collection's 'text' index fields (contentless, rowid = rid). */
export const ftsTable = (collection: string): string => quoteIdent(`f:${collection}`);
export const sqlIndexName = (collection: string, index: string): string => quoteIdent(`i:${collection}:${index}`);

const SIMPLE_PART = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A dotted path SQL can read with json_extract and index: plain names only (a numeric part
 * means an array position in MongoDB, which json_extract reads differently).
 */
export const isSqlPath = (path: string): boolean => path === '_id' || path.split('.').every((p) => SIMPLE_PART.test(p));

/** The expression an index and a query both use for a path (they must match to the letter). */
export const pathExpr = (path: string): string => (path === '_id' ? 'id' : `json_extract(body, '$.${path}')`);
