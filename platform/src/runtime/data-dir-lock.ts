import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The embedded read store keeps documents in memory per process, so only one process may
 * own a data dir at a time (the Locus server, or the projections CLI). The owner writes
 * `locus.lock` with its pid; a lock whose process is gone (crash, SIGKILL) is stale and
 * taken over.
 */
export const DATA_DIR_LOCK_FILE = 'locus.lock';

export interface DataDirLockInfo {
  pid: number;
  hostname: string;
  purpose: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly info: DataDirLockInfo;
  release(): void;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR.LOCKED';
  constructor(
    readonly dir: string,
    readonly holder: DataDirLockInfo,
  ) {
    super(
      `The data directory ${dir} is in use by ${holder.purpose} (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}). ` +
        `Stop it first, then run this again.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function lockPath(dir: string) {
  return path.join(path.resolve(dir), DATA_DIR_LOCK_FILE);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readInfo(file: string): DataDirLockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as DataDirLockInfo;
    return typeof info.pid === 'number' ? info : null;
  } catch {
    return null;
  }
}

function isFresh(file: string): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

/** The live holder of the data dir, or null (no lock file, or a stale one). */
export function readDataDirLock(dir: string): DataDirLockInfo | null {
  const info = readInfo(lockPath(dir));
  if (!info) return null;
  // A lock from another host cannot be checked; treat it as held.
  if (info.hostname !== os.hostname()) return info;
  return processAlive(info.pid) ? info : null;
}

export function isDataDirLocked(dir: string): boolean {
  return readDataDirLock(dir) !== null;
}

/** Takes the data dir for this process; throws DataDirLockedError when a live process holds it. */
export function acquireDataDirLock(dir: string, purpose = 'Locus'): DataDirLock {
  const file = lockPath(dir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info: DataDirLockInfo = { pid: process.pid, hostname: os.hostname(), purpose, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        const current = readInfo(file);
        if (current && current.pid === info.pid && current.startedAt === info.startedAt) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return { file, info, release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readDataDirLock(dir);
      if (holder) throw new DataDirLockedError(path.resolve(dir), holder);
      if (!readInfo(file) && isFresh(file)) {
        // Being written by another process right now.
        throw new DataDirLockedError(path.resolve(dir), { pid: 0, hostname: os.hostname(), purpose: 'another process', startedAt: 'just now' });
      }
      // Stale: its process is gone. Remove and retry.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not create ${file}`);
}
