import path from 'node:path';
import type { ProjectionDefinition } from '../runtime/definitions';
import { parsePhysicalName, projectionCheckpointPrefix } from '../runtime/generations';
import { createEmbeddedReadStore } from './embedded-read-store';
import type { ReadStore } from './read-store';
import { createSplitReadStore, type ReadStorePart } from './split-read-store';

/**
 * The embedded layout of a data directory: readmodels.db, and a file of its own for each
 * projection marked `ownThread` (the company history in history.db, written by its thread in
 * the server). Whatever opens the directory's read store (the server, the projections CLI
 * while the server is stopped, bench setups) reads and writes each projection where the
 * server keeps it.
 */

/**
 * Whether a process with these stores keeps `ownThread` projections in files of their own: the
 * embedded read store with the SQLite event store (a projection thread follows events.db). The
 * server (deploy/src/stack.ts) and the projections CLI decide it here, so both find the
 * projection in the same file.
 */
export const keepsProjectionFiles = (adapters: { readStore: string; eventStore: string }): boolean =>
  adapters.readStore === 'embedded' && adapters.eventStore === 'sqlite';

/** The file of a projection kept apart. */
export const projectionFile = (dataDir: string, projection: string): string => path.join(dataDir, `${projection}.db`);

/** Which collections and checkpoints of a split store are the projection's own. */
export function projectionPart(def: Pick<ProjectionDefinition, 'name' | 'collections'>): Omit<ReadStorePart, 'store'> {
  const collections = new Set(def.collections.map((c) => c.name));
  const prefix = projectionCheckpointPrefix(def.name);
  return {
    ownsCollection: (name: string) => collections.has(parsePhysicalName(name).logical),
    ownsCheckpoint: (name: string) => name.startsWith(prefix),
  };
}

/**
 * The projection's collections with a `cacheLimit`, by physical name: its thread's own store
 * keeps none of their documents (EmbeddedReadStoreOptions.uncached), the runtime's cache the latest.
 */
export function uncachedCollections(def: Pick<ProjectionDefinition, 'collections'>): (name: string) => boolean {
  const names = new Set(def.collections.filter((c) => c.cacheLimit !== undefined).map((c) => c.name));
  return (name: string) => names.has(parsePhysicalName(name).logical);
}

/**
 * `primary` (the directory's readmodels.db) with each `ownThread` projection's file joined in,
 * opened here. `closeParts` closes those files only (the caller owns `primary`); the returned
 * store's `close` closes all.
 */
export function withProjectionFiles(
  primary: ReadStore,
  dataDir: string,
  projections: readonly ProjectionDefinition[],
): { readStore: ReadStore; closeParts: () => Promise<void> } {
  const parts = projections
    .filter((p) => p.ownThread)
    .map((def): ReadStorePart => ({ store: createEmbeddedReadStore({ file: projectionFile(dataDir, def.name) }), ...projectionPart(def) }));
  return {
    readStore: parts.length === 0 ? primary : createSplitReadStore(primary, parts),
    closeParts: async () => {
      await Promise.all(parts.map((p) => p.store.close()));
    },
  };
}

/** The data directory's read store as the server lays it out, opened in this process (tools and bench setups). */
export const openDataDirReadStore = (dataDir: string, projections: readonly ProjectionDefinition[]): ReadStore =>
  withProjectionFiles(createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') }), dataDir, projections).readStore;
