import type { Filter, SortSpec } from '../read-store';
import { pathExpr } from './sql-paths';

/**
 * Translates the parts of a MongoDB filter that SQL answers exactly as MongoDB does into a
 * WHERE clause. Only paths SQL may compare (`sqlPath`: declared in an index, plain names,
 * never seen holding a boolean, array or embedded document) are translated; everything else
 * is left to the JavaScript matcher, which always re-checks the rows SQL returns. `exact`
 * says the WHERE clause alone is the whole filter (so SQL may also count, sort and page).
 */
export interface SqlFilter {
  where: string[];
  params: unknown[];
  exact: boolean;
  /**
   * The FTS matches the WHERE clause uses (to probe how selective they are); `exact` when the
   * match alone decides (no row is read to check the text).
   */
  texts: { table: string; match: string; exact: boolean }[];
}

/**
 * `drive: 'text'` writes every path expression as `+expr`, which keeps SQLite from using an
 * index for it: the rows then come from the FTS match (few) instead of walking a company's
 * whole index in sort order looking for them.
 */
export interface TranslateOptions {
  drive?: 'index' | 'text';
  /**
   * `scan`: a substring search is tested on each row (instr) without the FTS narrowing, for
   * a walk in index order that stops at a page or a cap: the narrowing would list every match first.
   */
  text?: 'fts' | 'scan';
  /** FTS matches already listed (the probe that chose the plan): used instead of matching again. */
  matched?: ReadonlyMap<string, readonly number[]>;
}

export interface SqlContext {
  /** Whether SQL may compare values at this path. */
  sqlPath(path: string): boolean;
  /** Whether the path has a key column (the one its SQL indexes are over). */
  keyed(path: string): boolean;
  /**
   * The FTS table when this path is covered by the collection's trigram index; `exact` when
   * the index holds this path alone (a match is then exactly a substring of its value).
   */
  ftsFor(path: string): { table: string; exact: boolean } | null;
}

const isSqlScalar = (v: unknown): v is string | number | null => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

export function translateFilter(filter: Filter | undefined, ctx: SqlContext, options: TranslateOptions = {}): SqlFilter {
  const out: SqlFilter = { where: [], params: [], exact: true, texts: [] };
  const ftsFor = options.text === 'scan' ? () => null : ctx.ftsFor;
  addDocument(filter ?? {}, { ...ctx, expr: exprFor(ctx, options), ftsFor, matched: options.matched }, out);
  return out;
}

type Ctx = SqlContext & { expr: (path: string) => string; matched?: ReadonlyMap<string, readonly number[]> };
const exprFor = (ctx: SqlContext, options: TranslateOptions) => {
  const plain = (path: string) => pathExpr(path, ctx.keyed(path));
  return options.drive === 'text' ? (path: string) => `+${plain(path)}` : plain;
};

function addDocument(filter: Filter, ctx: Ctx, out: SqlFilter): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value) && value.length > 0) {
      for (const sub of value) {
        if (sub !== null && typeof sub === 'object' && !Array.isArray(sub)) addDocument(sub as Filter, ctx, out);
        else out.exact = false;
      }
      continue;
    }
    if (key === '$comment') continue;
    if (key.startsWith('$') || !ctx.sqlPath(key)) {
      out.exact = false;
      continue;
    }
    addField(key, value, ctx, out);
  }
}

function addField(path: string, condition: unknown, ctx: Ctx, out: SqlFilter): void {
  const expr = ctx.expr(path);
  if (isSqlScalar(condition)) return addEquals(expr, condition, out);
  if (condition instanceof RegExp) {
    if (!addRegex(path, expr, condition.source, condition.flags, ctx, out)) out.exact = false;
    return;
  }
  if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
    out.exact = false;
    return;
  }
  const ops = condition as Record<string, unknown>;
  const keys = Object.keys(ops);
  if (keys.length === 0 || !keys.every((k) => k.startsWith('$'))) {
    out.exact = false; // an embedded document to equal
    return;
  }
  for (const op of keys) {
    const arg = ops[op];
    switch (op) {
      case '$eq':
        if (isSqlScalar(arg)) addEquals(expr, arg, out);
        else out.exact = false;
        break;
      case '$in':
        // An empty list matches nothing: a company user with no locations must not scan the company.
        if (Array.isArray(arg) && arg.length === 0) out.where.push('0');
        else if (Array.isArray(arg) && arg.every(isSqlScalar)) addIn(expr, arg, out);
        else out.exact = false;
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if ((typeof arg === 'number' && Number.isFinite(arg)) || typeof arg === 'string') {
          const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
          // MongoDB compares within a type: a number bound never matches a string, and back.
          const type = typeof arg === 'number' ? `IN ('integer', 'real')` : `= 'text'`;
          out.where.push(`(${expr} ${sign} ? AND typeof(${expr}) ${type})`);
          out.params.push(arg);
        } else out.exact = false;
        break;
      case '$regex': {
        const options = ops.$options;
        const flags = typeof options === 'string' ? options : '';
        const source = arg instanceof RegExp ? arg.source : arg;
        const allFlags = arg instanceof RegExp ? arg.flags + flags : flags;
        if (typeof source !== 'string' || !addRegex(path, expr, source, allFlags, ctx, out)) out.exact = false;
        break;
      }
      case '$options':
        if (!('$regex' in ops)) out.exact = false;
        break;
      default:
        out.exact = false;
    }
  }
}

function addEquals(expr: string, value: string | number | null, out: SqlFilter): void {
  // {f: null} matches a missing field too: json_extract gives NULL for both.
  if (value === null) out.where.push(`${expr} IS NULL`);
  else {
    out.where.push(`${expr} = ?`);
    out.params.push(value);
  }
}

function addIn(expr: string, values: (string | number | null)[], out: SqlFilter): void {
  const present = values.filter((v) => v !== null);
  const parts: string[] = [];
  if (present.length > 0) {
    parts.push(`${expr} IN (${present.map(() => '?').join(', ')})`);
    out.params.push(...present);
  }
  if (present.length < values.length) parts.push(`${expr} IS NULL`);
  out.where.push(parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`);
}

/**
 * A regex that is a plain substring (metacharacters only escaped, no flags) becomes `instr`,
 * narrowed first through the FTS trigram index when the path has one and the text is long
 * enough for trigrams. Anything else stays with the JavaScript matcher.
 */
function addRegex(path: string, expr: string, source: string, flags: string, ctx: Ctx, out: SqlFilter): boolean {
  if (flags !== '') return false;
  const literal = literalOf(source);
  if (literal === null) return false;
  if (literal === '') {
    out.where.push(`typeof(${expr}) = 'text'`);
    return true;
  }
  const fts = ctx.ftsFor(path);
  // Trigrams need three characters; a case-sensitive trigram match of a phrase is a substring match.
  if (fts && [...literal].length >= 3) {
    const match = `"${literal.replace(/"/g, '""')}"`;
    const listed = ctx.matched?.get(match);
    if (listed) {
      out.where.push(`rid IN (SELECT value FROM json_each(?))`);
      out.params.push(JSON.stringify(listed));
    } else {
      out.where.push(`rid IN (SELECT rowid FROM ${fts.table} WHERE ${fts.table} MATCH ?)`);
      out.params.push(match);
    }
    const exact = fts.exact && !literal.includes('\n');
    out.texts.push({ table: fts.table, match, exact });
    if (exact) return true;
  }
  out.where.push(`(typeof(${expr}) = 'text' AND instr(${expr}, ?) > 0)`);
  out.params.push(literal);
  return true;
}

const META = new Set([...'.*+?^${}()|[]\\']);

/** The text a regex source matches literally, or null when it uses any regex feature. */
export function literalOf(source: string): string | null {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next === undefined || !(META.has(next) || next === '/' || next === '-')) return null;
      out += next;
      i++;
    } else if (META.has(c)) return null;
    else out += c;
  }
  return out;
}

/** ORDER BY for a sort over SQL-comparable paths (ties broken by `rid`, insertion order); null otherwise. */
export function translateSort(sort: SortSpec | undefined, ctx: SqlContext, options: TranslateOptions = {}): string | null {
  const expr = exprFor(ctx, options);
  const entries = Object.entries(sort ?? {});
  if (entries.length === 0) return 'rid';
  const parts: string[] = [];
  for (const [path, dir] of entries) {
    if (dir !== 1 && dir !== -1) return null;
    if (!ctx.sqlPath(path)) return null;
    parts.push(`${expr(path)}${dir === -1 ? ' DESC' : ''}`);
  }
  if (!entries.some(([p]) => p === '_id')) parts.push('rid');
  return parts.join(', ');
}

/** An index as the walk needs it: its SQL name and its fields in order. */
export interface WalkableIndex {
  sqlName: string;
  fields: readonly string[];
}

/**
 * The index to walk for a page, when one holds some of the filter's equalities, then the sort,
 * then every other filtered path: the page is read from the index alone, entry by entry until it
 * is full. SQLite's planner would rather narrow by a range or `$in` on another index and sort every
 * match (half of a 100,000-location directory for "completeness below 80"): it cannot know the
 * walk stops after a page. Null when no index fits, or the filter is not plain field conditions
 * (an `_id` or text condition is narrower through its own lookup).
 */
export function sortWalkIndex(indexes: Iterable<WalkableIndex>, filter: Filter | undefined, sort: SortSpec | undefined): WalkableIndex | null {
  const sortPaths = Object.keys(sort ?? {});
  if (sortPaths.at(-1) !== '_id') return null;
  const paths = Object.keys(filter ?? {});
  if (paths.length === 0 || paths.some((p) => p.startsWith('$') || p === '_id')) return null;
  const equal = new Set(paths.filter((p) => isEquality(filter![p])));
  let best: WalkableIndex | null = null;
  for (const index of indexes) {
    const at = index.fields.indexOf(sortPaths[0]!);
    if (at < 0 || !index.fields.slice(0, at).every((f) => equal.has(f))) continue;
    if (!sortPaths.every((p, i) => index.fields[at + i] === p)) continue;
    if (!paths.every((p) => index.fields.includes(p))) continue;
    if (!best || index.fields.length < best.fields.length) best = index;
  }
  return best;
}

const isEquality = (condition: unknown): boolean =>
  isSqlScalar(condition) ||
  (condition !== null &&
    typeof condition === 'object' &&
    !Array.isArray(condition) &&
    !(condition instanceof RegExp) &&
    Object.keys(condition).length === 1 &&
    isSqlScalar((condition as { $eq?: unknown }).$eq));
