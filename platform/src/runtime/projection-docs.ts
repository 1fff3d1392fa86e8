import { Query } from 'mingo';
import type { Doc, Filter, ReadStore, WriteOp } from '../read-store/read-store';
import type { ProjectionDocs } from './definitions';
import { jsonEqual } from '../read-store/embedded/json-copy';

/** Deep copy of a JSON-like document (plain objects, arrays, Dates). */
export function cloneDoc<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cloneDoc(value[i]);
    return out as T;
  }
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = (value as Record<string, unknown>)[k];
    out[k] = v !== null && typeof v === 'object' ? cloneDoc(v) : v;
  }
  return out as T;
}

/**
 * Committed documents kept between batches (the runtime is the only writer of its
 * generation, so what it committed is what the store holds). Bounded; the oldest entries
 * leave first. `null` records a known-absent document.
 */
export class DocCache {
  private readonly maps = new Map<string, Map<string, Doc | null>>();
  private count = 0;
  /** `limits`: per collection, the most of its documents kept (ProjectionCollection.cacheLimit). */
  constructor(
    private readonly maxEntries: number,
    private readonly limits: ReadonlyMap<string, number> = new Map(),
  ) {}
  private mapOf(collection: string) {
    let m = this.maps.get(collection);
    if (!m) this.maps.set(collection, (m = new Map()));
    return m;
  }
  get(collection: string, id: string): Doc | null | undefined {
    return this.maps.get(collection)?.get(id);
  }
  set(collection: string, id: string, doc: Doc | null): void {
    const limit = this.limits.get(collection) ?? this.maxEntries;
    if (this.maxEntries <= 0 || limit <= 0) return;
    const m = this.mapOf(collection);
    if (m.has(id)) {
      m.delete(id); // re-insert: most recently written leaves last
      this.count--;
    }
    m.set(id, doc);
    this.count++;
    if (m.size > limit) {
      m.delete(m.keys().next().value!);
      this.count--;
    }
    if (this.count > this.maxEntries) this.evict();
  }
  private evict() {
    // Drop the oldest tenth of the largest collection's entries at once.
    let largest: Map<string, Doc | null> | null = null;
    for (const m of this.maps.values()) if (!largest || m.size > largest.size) largest = m;
    if (!largest) return;
    let n = Math.max(1, Math.floor(largest.size / 10));
    for (const k of largest.keys()) {
      if (n-- <= 0) break;
      largest.delete(k);
      this.count--;
    }
  }
  clear(): void {
    this.maps.clear();
    this.count = 0;
  }
  get size(): number {
    return this.count;
  }
}

/**
 * Ids present in each collection of a generation, when the runtime knows all of them (a
 * rebuild loads them once): then a cache miss on an unknown id needs no store round trip.
 */
export type KnownIds = Map<string, Set<string>>;

type Primitive = string | number | boolean | null;
const isPrimitive = (v: unknown): v is Primitive => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * Matcher for overlay documents. Filters of plain top-level equalities (the usual
 * `{ companyId }`) are checked directly, with MongoDB's meaning (an array field matches
 * when it contains the value; null matches a missing field); anything else goes to mingo.
 */
export function compileOverlayFilter(filter: Filter): (doc: Doc) => boolean {
  const entries = Object.entries(filter);
  const simple = entries.every(([k, v]) => !k.startsWith('$') && !k.includes('.') && isPrimitive(v));
  if (!simple) {
    const query = new Query(filter);
    return (doc) => query.test(doc);
  }
  return (doc) => {
    for (const [k, v] of entries) {
      const field = doc[k];
      if (field === v) continue;
      if (v === null && field === undefined) continue;
      if (Array.isArray(field) && field.includes(v)) continue;
      return false;
    }
    return true;
  };
}

export interface DocChange {
  collection: string;
  id: string;
  /** The document after the batch; null when deleted. */
  doc: Doc | null;
  /** companyId of the stored document before the batch (undefined: not read, or there was none). */
  companyIdBefore?: string | null;
}

export interface BatchDocs extends ProjectionDocs {
  /** Writes for AtomicBatch, against physical collection names. */
  writes(): { collection: string; ops: WriteOp[] }[];
  changes(): DocChange[];
  /** After a successful commit: move the batch's documents into the cache. */
  committed(): void;
}

interface Entry {
  doc: Doc | null;
  /** Stored version at the start of the batch (undefined when not read). */
  base?: Doc | null;
  /** Whether `doc` holds what `base` held, once asked (writes and changes both ask). */
  same?: boolean;
}

/**
 * The batch leaves the document as it found it (read, then put back with the same data, or
 * not written at all): nothing to write and no change to tell. Projections recompute whole
 * documents, and an edit of fields a document does not show would otherwise rewrite it, its
 * indexes and its live message for nothing.
 */
const unchanged = (e: Entry): boolean =>
  (e.same ??= e.doc === e.base || (e.base !== undefined && e.doc !== null && e.base !== null && jsonEqual(e.doc, e.base, true)));

export interface BatchDocsOptions {
  readStore: ReadStore;
  projection: string;
  /** Logical name → physical name of this generation. */
  physical: ReadonlyMap<string, string>;
  cache: DocCache;
  knownIds?: KnownIds;
}

/**
 * The ProjectionDocs given to `evolve` for one batch: an overlay of this batch's writes over
 * the cache and the store. Reads see earlier writes of the batch; nothing reaches the store
 * until the runtime commits `writes()` together with the checkpoint.
 */
export function createBatchDocs(options: BatchDocsOptions): BatchDocs {
  const { readStore, physical, cache, knownIds } = options;
  const overlay = new Map<string, Map<string, Entry>>();

  const physicalOf = (collection: string): string => {
    const p = physical.get(collection);
    if (!p) throw new Error(`Projection ${options.projection} does not declare collection "${collection}"`);
    return p;
  };
  const entries = (collection: string) => {
    let m = overlay.get(collection);
    if (!m) overlay.set(collection, (m = new Map()));
    return m;
  };
  const assertId = (collection: string, id: unknown): string => {
    if (typeof id !== 'string' || id.length === 0) {
      throw new Error(`Projection ${options.projection}: document for "${collection}" needs a non-empty string _id`);
    }
    return id;
  };

  async function load(collection: string, id: string): Promise<Doc | null> {
    const cached = cache.get(collection, id);
    if (cached !== undefined) return cached;
    const known = knownIds?.get(collection);
    if (known && !known.has(id)) return null;
    const stored = (await readStore.collection(physicalOf(collection)).findOne({ _id: id })) ?? null;
    cache.set(collection, id, stored);
    return stored;
  }

  return {
    async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
      physicalOf(collection);
      const e = overlay.get(collection)?.get(id);
      if (e) return cloneDoc(e.doc) as T | null;
      const stored = await load(collection, id);
      // Another read of the same id in this batch may have raced us; keep the first entry.
      const m = entries(collection);
      const again = m.get(id);
      if (again) return cloneDoc(again.doc) as T | null;
      m.set(id, { doc: stored, base: stored });
      return cloneDoc(stored) as T | null;
    },

    async find<T extends Doc = Doc>(collection: string, filter: Filter): Promise<T[]> {
      // The store hands out fresh copies; only overlay documents need copying.
      const stored = await readStore.collection(physicalOf(collection)).find(filter);
      const m = overlay.get(collection);
      if (!m || m.size === 0) return stored as T[];
      const matches = compileOverlayFilter(filter);
      const out: Doc[] = [];
      for (const d of stored) if (!m.has(d._id)) out.push(d);
      for (const e of m.values()) if (e.doc && matches(e.doc)) out.push(cloneDoc(e.doc));
      return out as T[];
    },

    put(collection, doc) {
      physicalOf(collection);
      const id = assertId(collection, doc?._id);
      const m = entries(collection);
      const e = m.get(id);
      if (e) {
        e.doc = doc;
        e.same = undefined;
      } else m.set(id, { doc });
    },

    delete(collection, id) {
      physicalOf(collection);
      assertId(collection, id);
      const m = entries(collection);
      const e = m.get(id);
      if (e) {
        e.doc = null;
        e.same = undefined;
      } else m.set(id, { doc: null });
    },

    writes() {
      const out: { collection: string; ops: WriteOp[] }[] = [];
      for (const [collection, m] of overlay) {
        const ops: WriteOp[] = [];
        for (const [id, e] of m) {
          if (unchanged(e)) continue;
          // Known absent at the start of the batch (and this runtime is the generation's only
          // writer): a plain insert, cheaper than an upsert.
          if (e.doc && e.base === null) ops.push({ insertOne: { document: e.doc } });
          else if (e.doc) ops.push({ replaceOne: { filter: { _id: id }, replacement: e.doc, upsert: true } });
          else if (e.base !== null) ops.push({ deleteOne: { filter: { _id: id } } });
        }
        if (ops.length > 0) out.push({ collection: physicalOf(collection), ops });
      }
      return out;
    },

    changes() {
      const out: DocChange[] = [];
      for (const [collection, m] of overlay) {
        for (const [id, e] of m) {
          if (unchanged(e)) continue;
          if (e.doc === null && e.base === null) continue; // deleted something that never existed
          const change: DocChange = { collection, id, doc: e.doc };
          if (e.base) change.companyIdBefore = (e.base.companyId as string | null | undefined) ?? null;
          out.push(change);
        }
      }
      return out;
    },

    committed() {
      for (const [collection, m] of overlay) {
        const known = knownIds?.get(collection);
        for (const [id, e] of m) {
          cache.set(collection, id, e.doc);
          if (known) {
            if (e.doc) known.add(id);
            else known.delete(id);
          }
        }
      }
    },
  };
}
