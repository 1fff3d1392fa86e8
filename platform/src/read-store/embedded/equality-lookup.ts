import type { Doc } from '../read-store';
import { isThroughArray, pathGetter, type PathGetter, type Scalar } from './doc-filter';

/** One indexed field's value as a map key: scalars as they are (a Map keeps 1 and '1' apart), missing as null, embedded documents by their JSON. */
export type KeyPart = string | number | boolean | null;
export type Key = readonly KeyPart[];
export const MULTIKEY = Symbol('multikey');

type Level = Map<KeyPart, Level | Map<string, Doc>>;

/**
 * A hash map from the values of some fields to the ids of the documents holding them: the
 * embedded read store's index. It only narrows candidates; the filter still decides. A
 * document whose indexed path holds or crosses an array ("multikey") cannot be keyed by one
 * value, so it is kept apart and offered for every lookup.
 */
export class EqualityLookup {
  readonly getters: readonly PathGetter[];
  /** Nested maps, one level per field; the last level maps id -> document. */
  private readonly root: Level = new Map();
  private readonly keyOfId = new Map<string, Key>();
  private readonly multikey = new Map<string, Doc>();

  constructor(readonly fields: readonly string[]) {
    this.getters = fields.map((f) => pathGetter(f.split('.')));
  }

  add(id: string, doc: Doc): void {
    const key = documentKey(doc, this.getters);
    const current = this.keyOfId.get(id);
    if (current && key !== MULTIKEY && sameKey(current, key)) {
      this.group(key, false)!.set(id, doc); // same key: only the document changed
      return;
    }
    this.remove(id);
    if (key === MULTIKEY) {
      this.multikey.set(id, doc);
      return;
    }
    this.group(key, true)!.set(id, doc);
    this.keyOfId.set(id, key);
  }

  remove(id: string): void {
    const key = this.keyOfId.get(id);
    if (key === undefined) {
      this.multikey.delete(id);
      return;
    }
    this.keyOfId.delete(id);
    // Walk down, then prune the maps left empty on the way back up.
    const path: Level[] = [];
    let level: Level = this.root;
    for (let i = 0; i < key.length - 1; i++) {
      path.push(level);
      level = level.get(key[i]!) as Level;
    }
    const group = level.get(key[key.length - 1]!) as Map<string, Doc>;
    group.delete(id);
    if (group.size > 0) return;
    level.delete(key[key.length - 1]!);
    for (let i = key.length - 2; i >= 0 && level.size === 0; i--) {
      const parent = path[i]!;
      parent.delete(key[i]!);
      level = parent;
    }
  }

  private group(key: Key, create: boolean): Map<string, Doc> | undefined {
    let level: Level = this.root;
    for (let i = 0; i < key.length; i++) {
      let next = level.get(key[i]!);
      if (!next) {
        if (!create) return undefined;
        level.set(key[i]!, (next = new Map()));
      }
      level = next as Level;
    }
    return level as unknown as Map<string, Doc>;
  }

  /** Upper bound of the candidates for these keys. */
  estimate(keys: readonly Key[]): number {
    let n = this.multikey.size;
    for (const k of keys) n += this.group(k, false)?.size ?? 0;
    return n;
  }

  /** Groups (id -> document) that may hold one of these keys: exact holders, then every multikey document. */
  groups(keys: readonly Key[]): Map<string, Doc>[] {
    const out: Map<string, Doc>[] = [];
    for (const k of keys) {
      const group = this.group(k, false);
      if (group) out.push(group);
    }
    if (this.multikey.size > 0) out.push(this.multikey);
    return out;
  }

  /** Ids whose indexed values are exactly this key (no multikey documents). */
  holders(key: Key): Iterable<string> {
    return this.group(key, false)?.keys() ?? [];
  }
}

export function sameKey(a: Key, b: Key): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Marks JSON of an embedded document, so it cannot be taken for a string value. */
const OBJECT_KEY_PREFIX = '\u0000object:';

function keyPart(v: unknown): KeyPart {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return OBJECT_KEY_PREFIX + JSON.stringify(v);
  if (typeof v === 'number' && Object.is(v, -0)) return 0;
  return v as KeyPart;
}

/** Key of a document for these fields, or MULTIKEY when a path holds or crosses an array. */
export function documentKey(doc: Doc, getters: readonly PathGetter[]): Key | typeof MULTIKEY {
  const key: KeyPart[] = new Array(getters.length);
  for (let i = 0; i < getters.length; i++) {
    const v = getters[i]!(doc);
    if (isThroughArray(v) || Array.isArray(v)) return MULTIKEY;
    key[i] = keyPart(v);
  }
  return key;
}

/** All keys a filter's equality values can form for these fields (cartesian product), or null when too many. */
export function keysForConstraints(
  fields: readonly string[],
  constraints: ReadonlyMap<string, readonly Scalar[]>,
  max = 256,
): Key[] | null {
  let keys: KeyPart[][] = [[]];
  for (const field of fields) {
    const values = constraints.get(field);
    if (!values) return null;
    const distinct = [...new Set(values.map(keyPart))];
    if (keys.length * distinct.length > max) return null;
    const next: KeyPart[][] = [];
    for (const prefix of keys) for (const v of distinct) next.push([...prefix, v]);
    keys = next;
  }
  return keys;
}
