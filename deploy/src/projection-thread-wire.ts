import type { MessagePort } from 'node:worker_threads';
import type { ProjectionDefinition } from '@locus/platform/runtime/definitions';
import { parsePhysicalName, projectionCheckpointPrefix } from '@locus/platform/runtime/generations';

/** What the server hands a projection thread (projection-threads.ts → projection-thread.ts). */
export interface ThreadData {
  projection: string;
  dataDir: string;
  /** The projection's own file. */
  file: string;
  cacheDocuments: number;
  pollIntervalMs: number;
  /** The thread's nice value (Linux: per thread; 0 leaves it). */
  nice: number;
  /** Whether live batches wait for spare CPU (createIdleGate). */
  waitForIdle: boolean;
  ports: {
    /** The thread serves its own file here (the server reads the projection's collections through it). */
    served: MessagePort;
    /** The server's read store (`_projections`). */
    server: MessagePort;
    /** The server's bus. */
    bus: MessagePort;
  };
}

export type ToThread = { t: 'stop' };
export type ToHost =
  { t: 'started' } | { t: 'stopped' } | { t: 'failed'; message: string } | { t: 'log'; level: 'info' | 'warn' | 'error'; obj: object; msg?: string };

/** Which collections and checkpoints of a split store are the projection's own. */
export function apartPart(def: Pick<ProjectionDefinition, 'name' | 'collections'>) {
  const collections = new Set(def.collections.map((c) => c.name));
  const prefix = projectionCheckpointPrefix(def.name);
  return {
    ownsCollection: (name: string) => collections.has(parsePhysicalName(name).logical),
    ownsCheckpoint: (name: string) => name.startsWith(prefix),
  };
}
