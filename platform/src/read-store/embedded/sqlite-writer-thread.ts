import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { configureConnection } from './sqlite-connection';
import { createFileWrites, type FileWriteOp } from './sqlite-writes';

/**
 * The embedded read store's writer thread (see sqlite-file.ts): its own connection to the
 * store's file, running the store's writes in the order they arrive, one answer per message.
 */
export interface WriterRequest {
  seq: number;
  op: FileWriteOp | 'close';
  args: unknown[];
}
export type WriterAnswer = { seq: number; ok: true } | { seq: number; ok: false; message: string; code?: string };

if (parentPort) {
  const port = parentPort;
  const { file, cacheMb } = workerData as { file: string; cacheMb: number };
  const db = new Database(file);
  configureConnection(db, cacheMb);
  const writes = createFileWrites(db);
  port.on('message', ({ seq, op, args }: WriterRequest) => {
    try {
      if (op === 'close') {
        db.close();
        port.postMessage({ seq, ok: true } satisfies WriterAnswer);
        port.close();
        return;
      }
      (writes[op] as (...a: unknown[]) => void)(...args);
      port.postMessage({ seq, ok: true } satisfies WriterAnswer);
    } catch (error) {
      const e = error as { message?: string; code?: string };
      port.postMessage({ seq, ok: false, message: e.message ?? String(error), code: e.code } satisfies WriterAnswer);
    }
  });
}
