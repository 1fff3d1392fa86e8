import { createHash } from 'node:crypto';
import type { EventMetadata } from '@locus/contracts';
import type { EventStore, EventToAppend, RecordedEvent } from '../../event-store/event-store';
import type { Doc, ReadStore } from '../../read-store/read-store';
import type { ProjectionDefinition, ProjectionDocs } from '../definitions';
import { physicalCollectionName, readProjectionState } from '../generations';

/**
 * A realistic test projection (not a feature): stores of companies with reviews, and one
 * statistics document per company. It updates, deletes, and uses `find` inside a batch,
 * which is what the runtime's overlay must get right.
 */
export interface StoreDoc extends Doc {
  companyId: string;
  companyName: string | null;
  name: string;
  city: string;
  reviewCount: number;
  ratingSum: number;
  openedAt: string;
}

export interface CompanyStatsDoc extends Doc {
  companyId: string;
  companyName: string | null;
  openStores: number;
  closedStores: number;
  reviews: number;
  cities: string[];
}

type Data = Record<string, unknown>;

export function shopProjection(version = 1, name = 'shop'): ProjectionDefinition {
  return {
    name,
    version,
    collections: [
      { name: `${name}_stores`, indexes: [{ key: { companyId: 1 } }] },
      { name: `${name}_company_stats`, indexes: [] },
    ],
    handles: ['StoreOpened', 'StoreRenamed', 'StoreClosed', 'ReviewAdded', 'CompanyRenamed'],
    async evolve(event: RecordedEvent, docs: ProjectionDocs) {
      const d = event.data as Data;
      const stores = `${name}_stores`;
      const stats = `${name}_company_stats`;
      const statsOf = async (companyId: string): Promise<CompanyStatsDoc> =>
        (await docs.get<CompanyStatsDoc>(stats, companyId)) ?? {
          _id: companyId,
          companyId,
          companyName: null,
          openStores: 0,
          closedStores: 0,
          reviews: 0,
          cities: [],
        };
      switch (event.type) {
        case 'StoreOpened': {
          const companyId = d.companyId as string;
          const s = await statsOf(companyId);
          docs.put(stores, {
            _id: d.storeId as string,
            companyId,
            companyName: s.companyName,
            name: d.name as string,
            city: d.city as string,
            reviewCount: 0,
            ratingSum: 0,
            openedAt: event.metadata.occurredAt,
          } satisfies StoreDoc);
          s.openStores++;
          if (!s.cities.includes(d.city as string)) s.cities = [...s.cities, d.city as string].sort();
          docs.put(stats, s);
          return;
        }
        case 'StoreRenamed': {
          const store = await docs.get<StoreDoc>(stores, d.storeId as string);
          if (!store) return;
          store.name = d.name as string;
          docs.put(stores, store);
          return;
        }
        case 'ReviewAdded': {
          const store = await docs.get<StoreDoc>(stores, d.storeId as string);
          if (!store) return;
          store.reviewCount++;
          store.ratingSum += d.rating as number;
          docs.put(stores, store);
          const s = await statsOf(store.companyId);
          s.reviews++;
          docs.put(stats, s);
          return;
        }
        case 'StoreClosed': {
          const store = await docs.get<StoreDoc>(stores, d.storeId as string);
          if (!store) return;
          docs.delete(stores, store._id);
          const s = await statsOf(store.companyId);
          s.openStores--;
          s.closedStores++;
          if (s.openStores === 0 && s.reviews === 0 && !s.companyName) docs.delete(stats, s._id);
          else docs.put(stats, s);
          return;
        }
        case 'CompanyRenamed': {
          const s = await statsOf(d.companyId as string);
          s.companyName = d.name as string;
          docs.put(stats, s);
          // Every store of the company, as stored plus as changed earlier in this batch.
          for (const store of await docs.find<StoreDoc>(stores, { companyId: d.companyId as string })) {
            docs.put(stores, { ...store, companyName: d.name as string });
          }
          return;
        }
      }
    },
  };
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ['Austin', 'Boston', 'Chicago', 'Denver', 'El Paso', 'Fresno', 'Houston', 'Miami', 'Portland', 'Seattle'];

export interface HistoryEvent {
  stream: string;
  event: Omit<EventToAppend, 'id'> & { id?: string };
}

/**
 * A plausible history: stores opening, being renamed, collecting reviews and closing, across
 * companies that get renamed, plus unrelated noise the projection does not handle.
 */
export function generateShopHistory(count: number, seed = 42): HistoryEvent[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const companies = Array.from({ length: 25 }, (_, i) => `company${i}`);
  const open: { id: string; companyId: string }[] = [];
  let storeSeq = 0;
  const out: HistoryEvent[] = [];
  const t0 = Date.parse('2024-01-01T00:00:00Z');
  const meta = (companyId: string | null, i: number): EventMetadata => ({
    companyId,
    actor: { userId: 'u1', role: 'CompanyAdmin' },
    correlationId: `c${i}`,
    causationId: null,
    occurredAt: new Date(t0 + i * 60_000).toISOString(),
  });
  while (out.length < count) {
    const i = out.length;
    const r = rnd();
    if (open.length < 50 || r < 0.15) {
      const companyId = pick(companies);
      const storeId = `s${++storeSeq}`;
      open.push({ id: storeId, companyId });
      out.push({
        stream: `store-${storeId}`,
        event: { type: 'StoreOpened', data: { storeId, companyId, name: `Store ${storeSeq}`, city: pick(CITIES) }, metadata: meta(companyId, i) },
      });
    } else if (r < 0.25) {
      const s = pick(open);
      out.push({
        stream: `store-${s.id}`,
        event: { type: 'StoreRenamed', data: { storeId: s.id, name: `Store ${s.id} ${Math.floor(rnd() * 1000)}` }, metadata: meta(s.companyId, i) },
      });
    } else if (r < 0.7) {
      const s = pick(open);
      out.push({
        stream: `store-${s.id}`,
        event: { type: 'ReviewAdded', data: { storeId: s.id, reviewId: `r${i}`, rating: 1 + Math.floor(rnd() * 5) }, metadata: meta(s.companyId, i) },
      });
    } else if (r < 0.8) {
      const idx = Math.floor(rnd() * open.length);
      const s = open[idx]!;
      open.splice(idx, 1);
      out.push({ stream: `store-${s.id}`, event: { type: 'StoreClosed', data: { storeId: s.id }, metadata: meta(s.companyId, i) } });
    } else if (r < 0.803) {
      const companyId = pick(companies);
      out.push({
        stream: `company-${companyId}`,
        event: { type: 'CompanyRenamed', data: { companyId, name: `Company ${companyId} v${i}` }, metadata: meta(companyId, i) },
      });
    } else {
      out.push({ stream: `user-u${Math.floor(rnd() * 100)}`, event: { type: 'UserSignedIn', data: { at: i }, metadata: meta(null, i) } });
    }
  }
  return out;
}

/** Appends the history, grouping consecutive events of one stream into one append. */
export async function appendHistory(eventStore: EventStore, history: HistoryEvent[], seed = 'h'): Promise<number> {
  let position = 0;
  let i = 0;
  while (i < history.length) {
    const stream = history[i]!.stream;
    const group: EventToAppend[] = [];
    while (i < history.length && history[i]!.stream === stream) {
      const e = history[i]!.event;
      group.push({ ...e, id: e.id ?? idFor(seed, i) });
      i++;
    }
    position = (await eventStore.append(stream, group)).position;
  }
  return position;
}

function idFor(seed: string, i: number): string {
  const h = createHash('sha256').update(`${seed}:${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The reference model: the same evolve over one in-memory map, no batches, no store. */
export { foldInMemory } from './projection-memory';

/** Documents of every collection of a generation, logical name → docs. */
export async function readGeneration(readStore: ReadStore, def: ProjectionDefinition, generation: number): Promise<Map<string, Doc[]>> {
  const out = new Map<string, Doc[]>();
  for (const c of def.collections) out.set(c.name, await readStore.collection(physicalCollectionName(c.name, generation)).find({}));
  return out;
}

export async function readActive(readStore: ReadStore, def: ProjectionDefinition): Promise<Map<string, Doc[]>> {
  const state = await readProjectionState(readStore, def.name);
  if (state?.activeGeneration == null) throw new Error(`${def.name} has no active generation`);
  return readGeneration(readStore, def, state.activeGeneration);
}

function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** sha256 over every collection's documents, sorted by collection and _id, keys sorted. */
export function digestCollections(collections: Map<string, Doc[]>): string {
  const h = createHash('sha256');
  for (const name of [...collections.keys()].sort()) {
    h.update(`#${name}\n`);
    const docs = [...collections.get(name)!].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    for (const d of docs) h.update(`${stable(d)}\n`);
  }
  return h.digest('hex');
}
