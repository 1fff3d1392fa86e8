import type Database from 'better-sqlite3';

/** The settings every connection to the embedded read store's file runs with. */
export function configureConnection(db: Database.Database, cacheMb: number): void {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every commit atomic and survives a process crash; only an OS
  // crash or power cut can lose the last commits, which projections then replay from
  // their checkpoint (checkpoint and documents always travel together).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // SQLite's page cache is the store's memory: bounded, in KiB.
  db.pragma(`cache_size = -${Math.round(cacheMb * 1024)}`);
  db.pragma('temp_store = MEMORY');
}

/**
 * Runs `work` with SQLite's temporary storage on disk: CREATE INDEX sorts a table's keys there, and
 * in memory a migration of a 1,000,000-line history took 1.3 GB (docs/performance.md).
 */
export function withTempOnDisk<T>(db: Database.Database, work: () => T): T {
  db.pragma('temp_store = FILE');
  try {
    return work();
  } finally {
    db.pragma('temp_store = MEMORY');
  }
}
