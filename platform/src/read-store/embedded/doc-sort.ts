import { find } from 'mingo';
import type { Doc, SortSpec } from '../read-store';
import { isScalar, resolvePath } from './doc-filter';

/**
 * Sort, skip and limit for the embedded read store. Scalar sort keys are compared here in
 * MongoDB's order (null and missing first, then numbers, strings, booleans), keeping only
 * the top skip+limit documents when a page is asked for; any array or embedded-document
 * key sends the whole sort to mingo. Ties keep their input order.
 */
export function sortAndPage(docs: Doc[], sort: SortSpec | undefined, skip = 0, limit = 0): Doc[] {
  const start = Math.max(0, Math.trunc(skip));
  const count = Math.abs(Math.trunc(limit)); // MongoDB: 0 = no limit; a negative limit counts as its absolute value
  const sortKeys = sort ? Object.entries(sort) : [];
  if (sortKeys.length === 0) return page(docs, start, count);

  const paths = sortKeys.map(([path]) => path.split('.'));
  const directions = sortKeys.map(([, dir]) => (dir === -1 ? -1 : 1));
  const rows: Row[] = new Array(docs.length);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const keys: SortValue[] = new Array(paths.length);
    for (let k = 0; k < paths.length; k++) {
      const v = resolvePath(doc, paths[k]!);
      if (v !== undefined && !isScalar(v)) return mingoSort(docs, sort!, start, count);
      keys[k] = v as SortValue;
    }
    rows[i] = { doc, keys };
  }
  const compare = (a: Row, b: Row): number => {
    for (let k = 0; k < directions.length; k++) {
      const c = compareScalars(a.keys[k], b.keys[k]);
      if (c !== 0) return c * directions[k]!;
    }
    return 0;
  };

  const wanted = count === 0 ? rows.length : start + count;
  const sorted = wanted * 4 < rows.length ? topK(rows, wanted, compare) : rows.sort(compare);
  return page(sorted, start, count).map((r) => r.doc);
}

type SortValue = string | number | boolean | null | undefined;
interface Row {
  doc: Doc;
  keys: SortValue[];
}

/** BSON type order of the scalars we sort here; null and missing compare equal. */
function rank(v: SortValue): number {
  if (v === undefined || v === null) return 0;
  switch (typeof v) {
    case 'number':
      return 1;
    case 'string':
      return 2;
    default:
      return 3; // boolean
  }
}

export function compareScalars(a: SortValue, b: SortValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (ra === 0 || a === b) return 0;
  return (a as string | number) < (b as string | number) ? -1 : 1;
}

/** The k smallest rows in order, stable, in O(n log k) comparisons. */
function topK<T>(rows: T[], k: number, compare: (a: T, b: T) => number): T[] {
  const top: T[] = [];
  for (const row of rows) {
    if (top.length === k && compare(row, top[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(row, top[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    top.splice(lo, 0, row);
    if (top.length > k) top.pop();
  }
  return top;
}

function page<T>(items: T[], start: number, count: number): T[] {
  if (start === 0 && count === 0) return items;
  return items.slice(start, count === 0 ? undefined : start + count);
}

function mingoSort(docs: Doc[], sort: SortSpec, start: number, count: number): Doc[] {
  const cursor = find(docs, {}).sort(sort).skip(start);
  return (count === 0 ? cursor : cursor.limit(count)).all() as Doc[];
}
