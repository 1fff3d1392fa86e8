import type { Doc, IndexSpec } from '../read-store';
import { DuplicateKeyError, InvalidOperationError } from '../read-store-errors';
import { pathGetter, resolvePath, type EqualityConstraints } from './doc-filter';
import { EqualityLookup, documentKey, keysForConstraints, MULTIKEY, type Key } from './equality-lookup';

export interface DeclaredIndex {
  name: string;
  key: IndexSpec['key'];
  unique: boolean;
  /** Leading fields hashed for equality lookups (up to the first 'text' key). */
  fields: string[];
}

/** One collection held in memory: its documents, declared indexes and their lookups. */
export class CollectionState {
  readonly docs = new Map<string, Doc>();
  readonly indexes = new Map<string, DeclaredIndex>();
  /** Lookups by field list; every prefix of every index gets one, shared between indexes. */
  readonly lookups = new Map<string, EqualityLookup>();

  constructor(readonly name: string) {}

  putDoc(doc: Doc): void {
    this.docs.set(doc._id, doc);
    for (const lookup of this.lookups.values()) lookup.add(doc._id, doc);
  }

  deleteDoc(id: string): void {
    if (!this.docs.delete(id)) return;
    for (const lookup of this.lookups.values()) lookup.remove(id);
  }

  /** Adds an index already checked by `checkIndexAddable`. */
  addIndex(index: DeclaredIndex): void {
    this.indexes.set(index.name, index);
    for (let n = 1; n <= index.fields.length; n++) {
      const fields = index.fields.slice(0, n);
      if (fields.length === 1 && fields[0] === '_id') continue; // the docs map is the _id index
      const sig = signature(fields);
      if (this.lookups.has(sig)) continue;
      const lookup = new EqualityLookup(fields);
      for (const doc of this.docs.values()) lookup.add(doc._id, doc);
      this.lookups.set(sig, lookup);
    }
  }

  /** Throws when the index conflicts with a declared one or when the documents already break `unique`. */
  checkIndexAddable(index: DeclaredIndex, pending: readonly DeclaredIndex[] = []): 'new' | 'exists' {
    const declared = [...this.indexes.values(), ...pending];
    const same = declared.find((d) => d.name === index.name);
    const keyJson = JSON.stringify(index.key);
    if (same) {
      if (JSON.stringify(same.key) === keyJson && same.unique === index.unique) return 'exists';
      throw new InvalidOperationError(this.name, `an index named ${index.name} exists with another specification`);
    }
    for (const other of declared) {
      if (JSON.stringify(other.key) === keyJson) {
        throw new InvalidOperationError(this.name, `index ${other.name} already has the key ${keyJson}`);
      }
    }
    if (index.unique) {
      const getters = index.fields.map((f) => pathGetter(f.split('.')));
      const seen = new EqualityLookup(index.fields);
      for (const doc of this.docs.values()) {
        const key = documentKey(doc, getters);
        if (key === MULTIKEY) continue;
        if (seen.estimate([key]) > 0) throw new DuplicateKeyError(this.name, index.name, keyValueOf(doc, index.fields));
        seen.add(doc._id, doc);
      }
    }
    return 'new';
  }

  /**
   * Ids that may match a filter with these equality constraints, using `_id` or the most
   * selective lookup; null when no index helps (scan everything).
   */
  narrow(constraints: EqualityConstraints): { lookup: EqualityLookup | null; keys: Key[]; ids?: string[] } | null {
    const idValues = constraints.get('_id');
    if (idValues) return { lookup: null, keys: [], ids: idValues.filter((v): v is string => typeof v === 'string') };
    if (constraints.size === 0 || this.lookups.size === 0) return null;
    let best: { lookup: EqualityLookup; keys: Key[]; estimate: number } | null = null;
    for (const lookup of this.lookups.values()) {
      const keys = keysForConstraints(lookup.fields, constraints);
      if (!keys) continue;
      const estimate = lookup.estimate(keys);
      if (!best || estimate < best.estimate) best = { lookup, keys, estimate };
    }
    return best && { lookup: best.lookup, keys: best.keys };
  }

  /** Candidate documents for a filter (a superset of the matches), as groups to iterate in turn. */
  candidates(constraints: EqualityConstraints): Iterable<Doc>[] {
    const plan = this.narrow(constraints);
    if (!plan) return [this.docs.values()];
    if (plan.ids) {
      const docs: Doc[] = [];
      for (const id of new Set(plan.ids)) {
        const doc = this.docs.get(id);
        if (doc) docs.push(doc);
      }
      return [docs];
    }
    return plan.lookup!.groups(plan.keys).map((group) => group.values());
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
