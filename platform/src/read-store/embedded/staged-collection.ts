import type { Doc } from '../read-store';
import { DuplicateKeyError } from '../read-store-errors';
import type { EqualityConstraints } from './doc-filter';
import { CollectionState, keyValueOf, signature } from './collection-state';
import { EqualityLookup, documentKey, MULTIKEY, sameKey } from './equality-lookup';

/** A document ready to be written: its JSON (for SQLite) and the parsed copy memory will keep. */
export interface StagedDoc {
  doc: Doc;
  body: string;
}

/**
 * The pending writes of one collection inside a batch, seen on top of the committed state.
 * Nothing here touches the committed state; `applyTo` does, after SQLite has committed.
 */
export class StagedCollection {
  /** id -> new document, or null when deleted. */
  readonly changes = new Map<string, StagedDoc | null>();
  /** Ids in the order they were staged; staged lookups catch up from it when first needed. */
  private readonly putLog: string[] = [];
  private readonly stagedLookups = new Map<string, { lookup: EqualityLookup; upTo: number }>();

  constructor(readonly base: CollectionState) {}

  get name(): string {
    return this.base.name;
  }

  get(id: string): Doc | undefined {
    const change = this.changes.get(id);
    if (change !== undefined) return change?.doc;
    return this.base.docs.get(id);
  }

  /** Current documents that may match (committed or staged), each once. */
  candidates(constraints: EqualityConstraints): Doc[] {
    const out: Doc[] = [];
    const plan = this.base.narrow(constraints);
    if (!plan) {
      // Committed documents in their order (staged version where changed), then new ones.
      for (const [id, doc] of this.base.docs) {
        const change = this.changes.get(id);
        if (change === undefined) out.push(doc);
        else if (change) out.push(change.doc);
      }
      for (const [id, change] of this.changes) if (change && !this.base.docs.has(id)) out.push(change.doc);
      return out;
    }
    const seen = new Set<string>();
    const take = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const doc = this.get(id);
      if (doc) out.push(doc);
    };
    if (plan.ids) {
      for (const id of plan.ids) take(id);
      return out;
    }
    for (const group of plan.lookup!.groups(plan.keys)) for (const id of group.keys()) take(id);
    const staged = this.stagedLookup(signature(plan.lookup!.fields));
    if (staged) for (const group of staged.groups(plan.keys)) for (const id of group.keys()) take(id);
    return out;
  }

  /** Stages a document; `insert` refuses an existing _id. Throws DuplicateKeyError on any unique index. */
  put(staged: StagedDoc, mode: 'insert' | 'replace'): void {
    const { doc } = staged;
    if (mode === 'insert' && this.get(doc._id) !== undefined) {
      throw new DuplicateKeyError(this.name, '_id_', { _id: doc._id });
    }
    this.checkUnique(doc);
    this.changes.set(doc._id, staged);
    this.putLog.push(doc._id);
  }

  /**
   * Lookup over the staged documents for one field list, brought up to date on demand: only
   * batches that query by those fields (or have a unique index on them) pay for it. It may
   * hold stale ids; callers re-check the current version.
   */
  private stagedLookup(sig: string): EqualityLookup | undefined {
    const committed = this.base.lookups.get(sig);
    if (!committed) return undefined;
    let entry = this.stagedLookups.get(sig);
    if (!entry) this.stagedLookups.set(sig, (entry = { lookup: new EqualityLookup(committed.fields), upTo: 0 }));
    while (entry.upTo < this.putLog.length) {
      const id = this.putLog[entry.upTo++]!;
      const change = this.changes.get(id);
      if (change) entry.lookup.add(id, change.doc);
    }
    return entry.lookup;
  }

  delete(id: string): void {
    this.changes.set(id, null);
  }

  private checkUnique(doc: Doc): void {
    for (const index of this.base.indexes.values()) {
      if (!index.unique) continue;
      const sig = signature(index.fields);
      const committed = this.base.lookups.get(sig);
      if (!committed) continue; // a unique index on _id alone: the docs map already enforces it
      const key = documentKey(doc, committed.getters);
      if (key === MULTIKEY) continue;
      const holders = [committed.holders(key), this.stagedLookup(sig)!.holders(key)];
      for (const ids of holders) {
        for (const id of ids) {
          if (id === doc._id) continue;
          const other = this.get(id);
          const otherKey = other && documentKey(other, committed.getters);
          if (otherKey && otherKey !== MULTIKEY && sameKey(otherKey, key)) {
            throw new DuplicateKeyError(this.name, index.name, keyValueOf(doc, index.fields));
          }
        }
      }
    }
  }

  /** Makes the staged changes the committed state (call only after they are durable). */
  applyTo(state: CollectionState): void {
    for (const [id, change] of this.changes) {
      if (change) state.putDoc(change.doc);
      else state.deleteDoc(id);
    }
  }
}
