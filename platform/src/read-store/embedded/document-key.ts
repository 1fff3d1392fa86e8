import type { Doc } from '../read-store';
import { isThroughArray, type PathGetter } from './doc-filter';

/**
 * The values a document holds at an index's fields, as one comparable key: what unique
 * indexes compare (MongoDB's semantics: missing counts as null; a path that holds or crosses
 * an array is "multikey" and is not keyed by one value).
 */
export type KeyPart = string | number | boolean | null;
export type Key = readonly KeyPart[];
export const MULTIKEY = Symbol('multikey');

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
