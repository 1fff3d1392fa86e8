import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * A JSON snapshot file written atomically (temp file + rename), debounced so bursts
 * of edits cost one write. Restarting the sandbox reloads the last snapshot.
 */
export interface SnapshotFile<T> {
  load(): T | undefined;
  schedule(getState: () => T): void;
  flush(): void;
  remove(): void;
}

export function createSnapshotFile<T>(file: string, debounceMs = 250): SnapshotFile<T> {
  let timer: NodeJS.Timeout | undefined;
  let pending: (() => T) | undefined;
  // A large state (the 10,000-location benchmark account) takes a while to serialise and
  // blocks the event loop meanwhile, so writes are spaced to ~10x the last write's cost.
  let delay = debounceMs;
  const write = () => {
    if (!pending) return;
    const started = Date.now();
    const state = pending();
    pending = undefined;
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, file);
    delay = Math.min(10_000, Math.max(debounceMs, (Date.now() - started) * 10));
  };
  return {
    load() {
      if (!existsSync(file)) return undefined;
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as T;
      } catch {
        return undefined; // a torn or foreign file: start from the seed again
      }
    },
    schedule(getState) {
      pending = getState;
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        write();
      }, delay);
      timer.unref();
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      write();
    },
    remove() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      rmSync(file, { force: true });
    },
  };
}
