import type { Doc } from '../read-store';
import { isThroughArray, resolvePath, type Scalar } from './doc-filter';

/**
 * A hash map from the values of some fields to the ids of the documents holding them: the
 * embedded read store's index. It only narrows candidates; the filter still decides. A
 * document whose indexed path holds or crosses an array ("multikey") cannot be keyed by one
 * value, so it is kept apart and offered for every lookup.
 */
export class EqualityLookup {
  readonly paths: readonly string[][];
  private readonly byKey = new Map<string, Set<string>>();
  private readonly keyOfId = new Map<string, string>();
  private readonly multikey = new Set<string>();

  constructor(readonly fields: readonly string[]) {
    this.paths = fields.map((f) => f.split('.'));
  }

  add(id: string, doc: Doc): void {
    const key = documentKey(doc, this.paths);
    if (this.keyOfId.get(id) === key) return; // unchanged
    this.remove(id);
    if (key === MULTIKEY) {
      this.multikey.add(id);
      return;
    }
    let ids = this.byKey.get(key);
    if (!ids) this.byKey.set(key, (ids = new Set()));
    ids.add(id);
    this.keyOfId.set(id, key);
  }

  remove(id: string): void {
    const key = this.keyOfId.get(id);
    if (key !== undefined) {
      const ids = this.byKey.get(key)!;
      ids.delete(id);
      if (ids.size === 0) this.byKey.delete(key);
      this.keyOfId.delete(id);
    } else this.multikey.delete(id);
  }

  clear(): void {
    this.byKey.clear();
    this.keyOfId.clear();
    this.multikey.clear();
  }

  /** Upper bound of the candidates for these keys. */
  estimate(keys: readonly string[]): number {
    let n = this.multikey.size;
    for (const k of keys) n += this.byKey.get(k)?.size ?? 0;
    return n;
  }

  /** Ids that may hold one of these keys (exact holders plus every multikey document). */
  *candidates(keys: readonly string[]): Iterable<string> {
    for (const k of keys) {
      const ids = this.byKey.get(k);
      if (ids) yield* ids;
    }
    yield* this.multikey;
  }

  /** Ids whose indexed values are exactly this key (no multikey documents). */
  holders(key: string): Iterable<string> {
    return this.byKey.get(key) ?? [];
  }
}

export const MULTIKEY = '\u0000multikey';
const SEPARATOR = '\u0001';

/** Key of one value, typed so that 1 and '1' differ; null and missing share a key, as in MongoDB. */
export function scalarKey(value: Scalar | undefined): string {
  if (value === undefined || value === null) return 'z';
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return 'n' + String(value);
    default:
      return value ? 'T' : 'F';
  }
}

/** Composite key of a document for these paths, or MULTIKEY. Embedded documents key by their JSON. */
export function documentKey(doc: Doc, paths: readonly (readonly string[])[]): string {
  let key = '';
  for (let i = 0; i < paths.length; i++) {
    const v = resolvePath(doc, paths[i]!);
    if (isThroughArray(v) || Array.isArray(v)) return MULTIKEY;
    const part = v !== null && typeof v === 'object' ? 'o' + JSON.stringify(v) : scalarKey(v as Scalar | undefined);
    key = i === 0 ? part : key + SEPARATOR + part;
  }
  return key;
}

/** All composite keys a filter's equality values can form for these fields (cartesian product), or null when too many. */
export function keysForConstraints(
  fields: readonly string[],
  constraints: ReadonlyMap<string, readonly Scalar[]>,
  max = 256,
): string[] | null {
  let keys = [''];
  for (let i = 0; i < fields.length; i++) {
    const values = constraints.get(fields[i]!);
    if (!values) return null;
    if (keys.length * values.length > max) return null;
    const next: string[] = [];
    for (const prefix of keys) {
      for (const v of values) next.push(i === 0 ? scalarKey(v) : prefix + SEPARATOR + scalarKey(v));
    }
    keys = next;
  }
  return [...new Set(keys)];
}
