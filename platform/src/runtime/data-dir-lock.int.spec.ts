import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, isDataDirLocked, readDataDirLock } from './data-dir-lock';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-lock-'));
  dirs.push(d);
  return d;
};

function writeLock(dir: string, pid: number, purpose = 'Locus server') {
  fs.writeFileSync(path.join(dir, 'locus.lock'), JSON.stringify({ pid, hostname: os.hostname(), purpose, startedAt: '2024-01-01T00:00:00.000Z' }));
}

describe('data dir lock', () => {
  it('is taken, seen, and released', () => {
    const dir = tmp();
    expect(isDataDirLocked(dir)).toBe(false);
    const lock = acquireDataDirLock(dir, 'Locus server');
    expect(isDataDirLocked(dir)).toBe(true);
    expect(readDataDirLock(dir)).toMatchObject({ pid: process.pid, purpose: 'Locus server' });
    lock.release();
    expect(fs.existsSync(path.join(dir, 'locus.lock'))).toBe(false);
    expect(isDataDirLocked(dir)).toBe(false);
  });

  it('refuses while a live process holds it, naming that process', async () => {
    const dir = tmp();
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeLock(dir, holder.pid!);
      expect(isDataDirLocked(dir)).toBe(true);
      let error: unknown;
      try {
        acquireDataDirLock(dir, 'the projections CLI');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`in use by Locus server (pid ${holder.pid}`);
    } finally {
      const exited = new Promise((r) => holder.once('exit', r));
      holder.kill('SIGKILL');
      await exited;
    }
    // Its process is gone: the lock is stale and taken over.
    expect(isDataDirLocked(dir)).toBe(false);
    const lock = acquireDataDirLock(dir, 'the projections CLI');
    expect(readDataDirLock(dir)).toMatchObject({ pid: process.pid, purpose: 'the projections CLI' });
    lock.release();
  });
});
