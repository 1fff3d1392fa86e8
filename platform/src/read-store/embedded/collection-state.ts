import type { Doc, IndexSpec } from '../read-store';
import { DuplicateKeyError, InvalidOperationError } from '../read-store-errors';
import { pathGetter, resolvePath } from './doc-filter';
import { documentKey, MULTIKEY } from './document-key';

export interface DeclaredIndex {
  name: string;
  key: IndexSpec['key'];
  unique: boolean;
  /** Leading fields hashed for equality lookups (up to the first 'text' key). */
  fields: string[];
}

/**
 * Whether an index may be added beside the declared ones (and those pending in the same
 * call): 'exists' for the same index again; throws on a name or key clash.
 */
export function checkIndexAddable(collection: string, declared: Iterable<DeclaredIndex>, index: DeclaredIndex): 'new' | 'exists' {
  const all = [...declared];
  const same = all.find((d) => d.name === index.name);
  const keyJson = JSON.stringify(index.key);
  if (same) {
    if (JSON.stringify(same.key) === keyJson && same.unique === index.unique) return 'exists';
    throw new InvalidOperationError(collection, `an index named ${index.name} exists with another specification`);
  }
  for (const other of all) {
    if (JSON.stringify(other.key) === keyJson) {
      throw new InvalidOperationError(collection, `index ${other.name} already has the key ${keyJson}`);
    }
  }
  return 'new';
}

/** Throws DuplicateKeyError when the documents already break a unique index. */
export function assertUniqueHolds(collection: string, index: DeclaredIndex, docs: Iterable<Doc>): void {
  if (!index.unique) return;
  const getters = index.fields.map((f) => pathGetter(f.split('.')));
  const seen = new Set<string>();
  for (const doc of docs) {
    const key = documentKey(doc, getters);
    if (key === MULTIKEY) continue;
    const sig = JSON.stringify(key);
    if (seen.has(sig)) throw new DuplicateKeyError(collection, index.name, keyValueOf(doc, index.fields));
    seen.add(sig);
  }
}

export function signature(fields: readonly string[]): string {
  return fields.join('\u0001');
}

export function keyValueOf(doc: Doc, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = resolvePath(doc, f.split('.'));
    out[f] = v === undefined ? null : v;
  }
  return out;
}

export function declareIndex(collection: string, spec: IndexSpec): DeclaredIndex {
  const entries = Object.entries(spec.key ?? {});
  if (entries.length === 0) throw new InvalidOperationError(collection, 'an index needs at least one key');
  const fields: string[] = [];
  let hashed = true;
  for (const [field, kind] of entries) {
    if (kind !== 1 && kind !== -1 && kind !== 'text') {
      throw new InvalidOperationError(collection, `index key ${field} must be 1, -1 or 'text'`);
    }
    if (kind === 'text') hashed = false;
    if (hashed) fields.push(field);
  }
  const name = spec.name ?? entries.map(([field, kind]) => `${field}_${kind}`).join('_');
  if (spec.unique && fields.length === 0) {
    throw new InvalidOperationError(collection, `unique index ${name} needs a leading field that is not 'text'`);
  }
  return { name, key: { ...spec.key }, unique: spec.unique === true, fields };
}
