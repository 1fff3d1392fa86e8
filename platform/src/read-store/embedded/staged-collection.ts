import type { Doc, Filter } from '../read-store';
import { DuplicateKeyError } from '../read-store-errors';
import type { DeclaredIndex } from './collection-state';
import { keyValueOf } from './collection-state';
import { pathGetter } from './doc-filter';
import { documentKey, MULTIKEY, type Key } from './document-key';

/** A document ready to be written: its JSON (for SQLite) and the parsed copy the cache may keep. */
export interface StagedDoc {
  doc: Doc;
  body: string;
  /** Inserted with no check that the id is new: the file's unique index on `id` checks it at commit. */
  fresh?: boolean;
}

/** What a batch sees of a collection's committed state (read from SQLite). */
export interface CommittedCollection {
  readonly name: string;
  readonly indexes: Iterable<DeclaredIndex>;
  get(id: string): Doc | undefined;
  /** Committed documents that may match the filter (a superset), in insertion order. */
  select(filter: Filter): Doc[];
  /** Committed documents whose values at the index's fields may equal the document's. */
  withKey(index: DeclaredIndex, doc: Doc): Doc[];
}

/**
 * The pending writes of one collection inside a batch, seen on top of the committed state.
 * Nothing here touches the committed state; the store writes `changes` in one transaction.
 */
export class StagedCollection {
  /** id -> new document, or null when deleted. */
  readonly changes = new Map<string, StagedDoc | null>();
  /** Per unique index: key -> ids staged with it (may be stale; re-checked on use). */
  private readonly stagedKeys = new Map<string, Map<string, Set<string>>>();

  constructor(readonly base: CommittedCollection) {}

  get name(): string {
    return this.base.name;
  }

  get(id: string): Doc | undefined {
    const change = this.changes.get(id);
    if (change !== undefined) return change?.doc;
    return this.base.get(id);
  }

  /**
   * Current documents that may match (committed or staged), each once: committed ones SQL
   * narrowed that the batch did not change, then every document the batch staged (a staged
   * change may make a document match that did not before).
   */
  candidates(filter: Filter): Doc[] {
    const out: Doc[] = [];
    for (const doc of this.base.select(filter)) if (!this.changes.has(doc._id)) out.push(doc);
    for (const change of this.changes.values()) if (change) out.push(change.doc);
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
  }

  /**
   * An insert whose _id is not looked up in the committed state: the file's unique index
   * refuses a duplicate when the batch commits (AtomicBatch, whose counts nobody reads; a
   * rebuild's inserts were an SQL lookup each). One staged in this batch is still refused here.
   */
  insertFresh(staged: StagedDoc): void {
    const id = staged.doc._id;
    const change = this.changes.get(id);
    if (change) throw new DuplicateKeyError(this.name, '_id_', { _id: id });
    this.checkUnique(staged.doc);
    // Deleted earlier in the batch: the committed row may still be there, so it is replaced.
    this.changes.set(id, change === null ? staged : { ...staged, fresh: true });
  }

  delete(id: string): void {
    this.changes.set(id, null);
  }

  private checkUnique(doc: Doc): void {
    for (const index of this.base.indexes) {
      if (!index.unique || (index.fields.length === 1 && index.fields[0] === '_id')) continue;
      const getters = index.fields.map((f) => pathGetter(f.split('.')));
      const key = documentKey(doc, getters);
      if (key === MULTIKEY) continue;
      const sig = keySignature(key);
      const clash = (other: Doc | undefined) => {
        if (!other || other._id === doc._id) return false;
        const otherKey = documentKey(other, getters);
        return otherKey !== MULTIKEY && keySignature(otherKey) === sig;
      };
      let byKey = this.stagedKeys.get(index.name);
      if (!byKey) this.stagedKeys.set(index.name, (byKey = new Map()));
      for (const id of byKey.get(sig) ?? []) {
        if (clash(this.get(id))) throw new DuplicateKeyError(this.name, index.name, keyValueOf(doc, index.fields));
      }
      for (const other of this.base.withKey(index, doc)) {
        // A committed holder the batch changed counts in its staged version (checked above).
        if (this.changes.has(other._id)) continue;
        if (clash(other)) throw new DuplicateKeyError(this.name, index.name, keyValueOf(doc, index.fields));
      }
      let ids = byKey.get(sig);
      if (!ids) byKey.set(sig, (ids = new Set()));
      ids.add(doc._id);
    }
  }
}

const keySignature = (key: Key): string => JSON.stringify(key);
