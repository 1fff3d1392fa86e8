import type { MessagePort } from 'node:worker_threads';
import { assertCollectionName } from './collection-names';
import type { Collection, Doc, ReadStore } from './read-store';
import { CheckpointFencedError, DuplicateKeyError, InvalidOperationError } from './read-store-errors';

/**
 * A ReadStore used from another thread: `serveReadStore` answers a MessagePort's requests
 * with a store of this thread, `connectReadStore` is the store on the other end. The all-in-one
 * server runs the company history on its own thread with its own file (deploy/src/
 * projection-thread.ts); each side reaches the other's file through this. Arguments and
 * answers cross by structured clone (RegExp and Date included); the port's errors come back
 * as the same classes, so callers tell a duplicate key from an invalid operation as before.
 */

type CollectionOp = 'find' | 'findOne' | 'countDocuments' | 'aggregate' | 'bulkWrite' | 'createIndexes' | 'drop';
type StoreOp = 'listCollections' | 'commit' | 'getCheckpoint' | 'deleteCheckpoint' | 'serverTime';

interface Request {
  id: number;
  op: CollectionOp | StoreOp;
  collection?: string;
  args: unknown[];
}

interface WireError {
  name: string;
  message: string;
  code?: string;
  collection?: string;
  index?: string;
  keyValue?: Record<string, unknown>;
  checkpoint?: string;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };

const COLLECTION_OPS = new Set<string>(['find', 'findOne', 'countDocuments', 'aggregate', 'bulkWrite', 'createIndexes', 'drop']);

function toWire(err: unknown): WireError {
  if (err instanceof DuplicateKeyError)
    return { name: err.name, message: err.message, code: err.code, collection: err.collection, index: err.index, keyValue: err.keyValue };
  if (err instanceof InvalidOperationError) return { name: err.name, message: err.message, code: err.code, collection: err.collection };
  if (err instanceof CheckpointFencedError) return { name: err.name, message: err.message, code: err.code, checkpoint: err.checkpoint };
  const e = err as { name?: string; message?: string; code?: unknown };
  return { name: e?.name ?? 'Error', message: e?.message ?? String(err), code: typeof e?.code === 'string' ? e.code : undefined };
}

function fromWire(w: WireError): Error {
  if (w.name === 'DuplicateKeyError') return new DuplicateKeyError(w.collection ?? '', w.index ?? '', w.keyValue ?? {});
  if (w.name === 'InvalidOperationError') {
    const err = new InvalidOperationError(w.collection ?? '', '');
    err.message = w.message;
    return err;
  }
  if (w.name === 'CheckpointFencedError') {
    const err = new CheckpointFencedError(w.checkpoint ?? '', '');
    err.message = w.message;
    return err;
  }
  return Object.assign(new Error(w.message), { name: w.name, ...(w.code ? { code: w.code } : {}) });
}

/** Answers the port's requests with `store`, each as it arrives; every answer carries its request's id. */
export function serveReadStore(store: ReadStore, port: MessagePort): { close(): void } {
  const onMessage = (req: Request) => {
    const run = async (): Promise<unknown> => {
      if (COLLECTION_OPS.has(req.op)) {
        const c = store.collection(req.collection!) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
        return c[req.op]!(...req.args);
      }
      const s = store as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      return s[req.op]!(...req.args);
    };
    run().then(
      (value) => port.postMessage({ id: req.id, ok: true, value } satisfies Answer),
      (err: unknown) => port.postMessage({ id: req.id, ok: false, error: toWire(err) } satisfies Answer),
    );
  };
  port.on('message', onMessage);
  return { close: () => port.off('message', onMessage) };
}

/** The store `serveReadStore` serves at the port's other end. `close` only stops using it. */
export function connectReadStore(port: MessagePort): ReadStore {
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const onMessage = (answer: Answer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if (answer.ok) p.resolve(answer.value);
    else p.reject(fromWire(answer.error));
  };
  port.on('message', onMessage);
  // Waiting answers keep the process alive only while some are pending.
  port.unref();
  const call = <T>(op: Request['op'], args: unknown[], collection?: string): Promise<T> => {
    if (closed) return Promise.reject(new Error('read store is closed'));
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) port.ref();
      pending.set(id, {
        resolve: (v) => {
          if (pending.size === 0) port.unref();
          resolve(v as T);
        },
        reject: (e) => {
          if (pending.size === 0) port.unref();
          reject(e);
        },
      });
      port.postMessage({ id, op, collection, args } satisfies Request);
    });
  };
  const handles = new Map<string, Collection>();
  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      let handle = handles.get(name);
      if (!handle) {
        assertCollectionName(name); // at once, as the stores themselves refuse it
        handle = {
          name,
          find: (filter, options) => call('find', [filter ?? {}, options ?? {}], name),
          findOne: (filter, options) => call('findOne', [filter, options ?? {}], name),
          countDocuments: (filter, options) => call('countDocuments', [filter ?? {}, options ?? {}], name),
          aggregate: (pipeline) => call('aggregate', [pipeline], name),
          bulkWrite: (ops) => call('bulkWrite', [ops], name),
          createIndexes: (indexes) => call('createIndexes', [indexes], name),
          drop: () => call('drop', [], name),
        } as Collection;
        handles.set(name, handle);
      }
      return handle as unknown as Collection<T>;
    },
    listCollections: () => call('listCollections', []),
    commit: (batch) => call('commit', [batch]),
    getCheckpoint: (name) => call('getCheckpoint', [name]),
    deleteCheckpoint: (name) => call('deleteCheckpoint', [name]),
    serverTime: () => call('serverTime', []),
    async close() {
      closed = true;
      port.off('message', onMessage);
      for (const p of pending.values()) p.reject(new Error('read store is closed'));
      pending.clear();
      port.unref();
    },
  };
}
