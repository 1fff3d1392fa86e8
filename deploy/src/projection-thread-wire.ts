import type { MessagePort } from 'node:worker_threads';

/** What the server hands a projection thread (projection-threads.ts → projection-thread.ts). */
export interface ThreadData {
  projection: string;
  dataDir: string;
  /** The projection's own file. */
  file: string;
  cacheDocuments: number;
  sqliteCacheMb: number;
  /** How long after the server's first unread append the thread reads (appends in between come in the same read). */
  readDelayMs: number;
  /** How often the thread looks for appends by other processes (the server's own are announced). */
  pollIntervalMs: number;
  /** Set to 1 by the thread when it wants to hear of the server's next append (appendsAnnounced). */
  appendWanted: Int32Array;
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
    /** A message here: the server appended to events.db since the thread last asked. */
    appends: MessagePort;
  };
}

export type ToThread = { t: 'stop' };
export type ToHost =
  { t: 'started' } | { t: 'stopped' } | { t: 'failed'; message: string } | { t: 'log'; level: 'info' | 'warn' | 'error'; obj: object; msg?: string };
