import type { Doc, ReadStore, WriteOp } from '../read-store/read-store';
import type { ProjectionDefinition } from './definitions';
import { LEASES_COLLECTION } from '../read-store/collection-names';

/** A reactor's event that failed and waits for an operator (kept beside its collection's name). */
export interface ParkedEventDoc extends Doc {
  _id: string;
  companyId: string | null;
  reactor: string;
  eventId: string;
  eventType: string;
  streamName: string;
  position: number;
  error: string;
  permanent: boolean;
  attempts: number;
  parkedAt: string;
}

/**
 * Blue-green generations of a projection. Every logical collection of generation `g` lives
 * in the physical collection `${logical}__g${g}`; each generation has its own checkpoint, so
 * a rebuild fills the next generation beside the live one and resumes after a crash.
 */
export const PROJECTIONS_COLLECTION = '_projections';
export { LEASES_COLLECTION };
export const PARKED_COLLECTION = '_reactor_parked';

export function physicalCollectionName(logical: string, generation: number): string {
  return `${logical}__g${generation}`;
}

/** The logical collection and generation of a physical name (generation null: not a generation's collection). */
export function parsePhysicalName(physical: string): { logical: string; generation: number | null } {
  const m = /^(.*)__g(\d+)$/.exec(physical);
  return m ? { logical: m[1]!, generation: Number(m[2]) } : { logical: physical, generation: null };
}

/** What every checkpoint name of a projection starts with. */
export const projectionCheckpointPrefix = (projection: string): string => `projection:${projection}:`;

export function projectionCheckpointName(projection: string, generation: number): string {
  return `${projectionCheckpointPrefix(projection)}g${generation}`;
}

export function reactorCheckpointName(reactor: string): string {
  return `reactor:${reactor}`;
}

/** One per projection in `_projections`. */
export interface ProjectionStateDoc extends Doc {
  _id: string;
  companyId: null;
  /** Code version of the active generation. */
  version: number | null;
  activeGeneration: number | null;
  /** A generation being filled beside the active one (rebuild or new code version). */
  building: { generation: number; version: number; startedAt: string } | null;
  previousGeneration?: number | null;
  switchedAt?: string | null;
  updatedAt: string;
}

export async function readProjectionState(readStore: ReadStore, projection: string): Promise<ProjectionStateDoc | null> {
  return (await readStore.collection<ProjectionStateDoc>(PROJECTIONS_COLLECTION).findOne({ _id: projection })) ?? null;
}

export async function readAllProjectionStates(readStore: ReadStore): Promise<Map<string, ProjectionStateDoc>> {
  const docs = await readStore.collection<ProjectionStateDoc>(PROJECTIONS_COLLECTION).find({});
  return new Map(docs.map((d) => [d._id, d]));
}

export function projectionStateWrite(doc: ProjectionStateDoc): { collection: string; ops: WriteOp[] } {
  return {
    collection: PROJECTIONS_COLLECTION,
    ops: [{ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }],
  };
}

export function emptyProjectionState(projection: string, now: Date): ProjectionStateDoc {
  return {
    _id: projection,
    companyId: null,
    version: null,
    activeGeneration: null,
    building: null,
    previousGeneration: null,
    switchedAt: null,
    updatedAt: now.toISOString(),
  };
}

/** The generation queries should read: the active one, else (first build) the one being built. */
export function servingGeneration(state: ProjectionStateDoc | null | undefined): number {
  return state?.activeGeneration ?? state?.building?.generation ?? 1;
}

/** True when the stored active generation was built by this code version. */
export function isCurrent(def: ProjectionDefinition, state: ProjectionStateDoc | null): boolean {
  return !!state && state.activeGeneration !== null && state.version === def.version;
}

/** Drops a generation's collections and checkpoint (idempotent). */
/**
 * What each query process serves, written whenever it loads the projection states: an old
 * generation is dropped only once no process may still read it (a process that missed the
 * switch message reloads within its refresh interval).
 */
export const READERS_COLLECTION = '_projection_readers';

export interface ProjectionReaderDoc extends Doc {
  _id: string;
  companyId: null;
  serving: { projection: string; generation: number }[];
  /** Store time of the load. */
  loadedAt: number;
  /** The process reloads before serving anything once this long has passed since loadedAt. */
  refreshMs: number;
}

/** A query already running when its process reloads may still read the old generation this long. */
const IN_FLIGHT_GRACE_MS = 2_000;
/** Readers silent this long are processes gone: their documents are removed. */
const FORGET_READER_MS = 3_600_000;

export function projectionReaderWrite(doc: ProjectionReaderDoc): { collection: string; ops: WriteOp[] } {
  return { collection: READERS_COLLECTION, ops: [{ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } }] };
}

/** Waits until no query process may still serve `generation` of `projection`. */
export async function untilNoReaderServes(readStore: ReadStore, projection: string, generation: number, pollMs = 100): Promise<void> {
  const started = Date.now();
  const serves = (r: ProjectionReaderDoc) => r.serving.some((s) => s.projection === projection && s.generation === generation);
  for (;;) {
    const [storeNow, readers] = await Promise.all([readStore.serverTime(), readStore.collection<ProjectionReaderDoc>(READERS_COLLECTION).find({})]);
    const gone = readers.filter((r) => storeNow - r.loadedAt > FORGET_READER_MS);
    if (gone.length > 0) {
      await readStore.commit({ writes: [{ collection: READERS_COLLECTION, ops: gone.map((r) => ({ deleteOne: { filter: { _id: r._id } } })) }] });
    }
    // Bounded by each reader's own interval, measured here too: a store clock that stands still (tests) cannot stall a drop.
    const holding = readers.filter((r) => {
      const window = r.refreshMs + IN_FLIGHT_GRACE_MS;
      return serves(r) && storeNow - r.loadedAt < window && Date.now() - started < window;
    });
    if (holding.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Drops a generation the projection has switched away from, once no query process reads it. */
export async function retireGeneration(readStore: ReadStore, def: ProjectionDefinition, generation: number): Promise<void> {
  await untilNoReaderServes(readStore, def.name, generation);
  await dropGeneration(readStore, def, generation);
}

export async function dropGeneration(readStore: ReadStore, def: ProjectionDefinition, generation: number): Promise<void> {
  for (const c of def.collections) await readStore.collection(physicalCollectionName(c.name, generation)).drop();
  await readStore.deleteCheckpoint(projectionCheckpointName(def.name, generation));
}

/** Rejects definitions that would collide once mapped to physical names. */
export function assertProjectionDefinitions(defs: readonly ProjectionDefinition[]): void {
  const names = new Set<string>();
  const owners = new Map<string, string>();
  for (const def of defs) {
    if (!def.name || names.has(def.name)) throw new Error(`Projection name "${def.name}" is empty or used twice`);
    names.add(def.name);
    if (!Number.isInteger(def.version) || def.version < 1) throw new Error(`Projection ${def.name}: version must be a positive integer`);
    for (const c of def.collections) {
      if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(c.name) || c.name.includes('__g')) {
        throw new Error(`Projection ${def.name}: invalid collection name "${c.name}"`);
      }
      const owner = owners.get(c.name);
      if (owner) throw new Error(`Collection "${c.name}" is declared by both ${owner} and ${def.name}`);
      owners.set(c.name, def.name);
    }
  }
}
