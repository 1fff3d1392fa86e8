import { createHash } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  createReadStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Online backup of an embedded Locus data directory, and its restore.
 *
 * Each SQLite database is copied with SQLite's online backup API (better-sqlite3's `backup`),
 * which gives a consistent snapshot of that file while the server keeps writing (WAL). The read
 * models are copied before the event store, so the events always cover what the read models
 * reflect: after a restore the projections catch up from their checkpoints. Other files (keys,
 * media, the sandbox's state) are copied as they are. A manifest with every file's SHA-256 and
 * the event store's head position is written last: a backup without it is incomplete.
 */
export const MANIFEST = 'manifest.json';
export const BACKUP_FORMAT = 'locus-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  source: string;
  /** Head position of the backed-up event store ($all). */
  eventsPosition: number;
  /** Per-projection checkpoints in the backed-up read stores, by database file. */
  checkpoints: Record<string, Record<string, number>>;
  files: Array<{ path: string; kind: 'sqlite' | 'file'; bytes: number; sha256: string }>;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Runtime files of a running server: never part of a backup. */
const runtimeFile = (name: string) => name === 'locus.lock' || name === 'locus.sock' || /-(wal|shm|journal)$/.test(name);

const SQLITE_HEADER = Buffer.from('SQLite format 3\0');
function isSqlite(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

function walk(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(root, full));
    else if (entry.isFile() && !runtimeFile(entry.name)) out.push(path.relative(root, full));
  }
  return out.sort();
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const isEmptyDir = (dir: string) => !existsSync(dir) || (statSync(dir).isDirectory() && readdirSync(dir).length === 0);

function tableExists(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** The head of a backed-up event store, and the checkpoints a backed-up read store holds. */
function positionsOf(file: string): { head?: number; checkpoints: Record<string, number> } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const head = tableExists(db, 'events') ? ((db.prepare('SELECT MAX(position) AS head FROM events').get() as { head: number | null }).head ?? 0) : undefined;
    const checkpoints: Record<string, number> = {};
    if (tableExists(db, 'checkpoints')) {
      const rows = db.prepare('SELECT * FROM checkpoints').all() as Array<Record<string, unknown>>;
      for (const row of rows) {
        const name = row.name ?? row.id ?? row._id;
        const position = row.position;
        if (typeof name === 'string' && typeof position === 'number') checkpoints[name] = position;
      }
    }
    return { ...(head !== undefined ? { head } : {}), checkpoints };
  } finally {
    db.close();
  }
}

/** Backs up `dataDir` (a running server's or a stopped one's) into the empty or new directory `target`. */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) throw new BackupError(`${dataDir} is not a data directory`);
  if (!isEmptyDir(target)) throw new BackupError(`${target} is not empty: back up into a new or empty directory`);
  if (!existsSync(path.join(dataDir, 'events.db'))) throw new BackupError(`${dataDir} holds no events.db: not an embedded Locus data directory`);
  mkdirSync(target, { recursive: true });
  const relative = walk(dataDir);
  const databases = relative.filter((file) => isSqlite(path.join(dataDir, file)));
  // Read models first, the event store last: the copied events are never behind the copied read models.
  const ordered = [...databases.filter((f) => f !== 'events.db'), 'events.db'];
  for (const file of ordered) {
    const to = path.join(target, file);
    mkdirSync(path.dirname(to), { recursive: true });
    const db = new Database(path.join(dataDir, file), { fileMustExist: true });
    try {
      // busy_timeout: the writer may hold the lock for a moment; the backup waits instead of failing.
      db.pragma('busy_timeout = 10000');
      await db.backup(to);
    } finally {
      db.close();
    }
    // The copy keeps the WAL flag of its source; as a rollback-journal file it is complete on its
    // own (no -wal or -shm beside it). The stores switch it back to WAL when they open it.
    const copy = new Database(to, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  }
  for (const file of relative.filter((f) => !databases.includes(f))) {
    const to = path.join(target, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(dataDir, file), to);
    chmodSync(to, statSync(path.join(dataDir, file)).mode & 0o777);
  }
  const checkpoints: BackupManifest['checkpoints'] = {};
  let eventsPosition = 0;
  for (const file of databases) {
    const positions = positionsOf(path.join(target, file));
    if (file === 'events.db') eventsPosition = positions.head ?? 0;
    if (Object.keys(positions.checkpoints).length) checkpoints[file] = positions.checkpoints;
  }
  const files: BackupManifest['files'] = [];
  for (const file of relative) {
    const full = path.join(target, file);
    files.push({ path: file, kind: databases.includes(file) ? 'sqlite' : 'file', bytes: statSync(full).size, sha256: await sha256Of(full) });
  }
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    source: path.resolve(dataDir),
    eventsPosition,
    checkpoints,
    files,
  };
  writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** Reads a backup's manifest and checks every file against it: present, same size, same SHA-256, nothing unlisted. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, MANIFEST);
  if (!existsSync(manifestFile)) throw new BackupError(`${backupDir} has no ${MANIFEST}: not a complete backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${manifestFile} is not valid JSON: the backup is damaged`);
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.files)) throw new BackupError(`${manifestFile} is not a ${BACKUP_FORMAT} manifest`);
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const file of manifest.files) {
    const full = path.join(backupDir, file.path);
    if (path.relative(backupDir, full).startsWith('..')) throw new BackupError(`the manifest names ${file.path}, outside the backup`);
    if (!existsSync(full)) throw new BackupError(`${file.path} is missing: the backup is damaged`);
    if (statSync(full).size !== file.bytes || (await sha256Of(full)) !== file.sha256)
      throw new BackupError(`${file.path} does not match its checksum in ${MANIFEST}: the backup is damaged`);
  }
  const unlisted = walk(backupDir).filter((f) => f !== MANIFEST && !listed.has(f));
  if (unlisted.length) throw new BackupError(`${unlisted.join(', ')} ${unlisted.length === 1 ? 'is' : 'are'} not in ${MANIFEST}: the backup is damaged`);
  for (const file of manifest.files.filter((f) => f.kind === 'sqlite')) {
    const db = new Database(path.join(backupDir, file.path), { readonly: true, fileMustExist: true });
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`${file.path} fails SQLite's check (${String(check)}): the backup is damaged`);
    } finally {
      db.close();
    }
  }
  return manifest;
}

/** Restores a backup into `dataDir`, which must be empty or new, once every file of it checks out. */
export async function restoreDataDir(backupDir: string, dataDir: string): Promise<BackupManifest> {
  if (!isEmptyDir(dataDir)) throw new BackupError(`${dataDir} is not empty: restore into a new or empty data directory`);
  const manifest = await verifyBackup(backupDir);
  for (const file of manifest.files) {
    const from = path.join(backupDir, file.path);
    const to = path.join(dataDir, file.path);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    chmodSync(to, statSync(from).mode & 0o777);
  }
  return manifest;
}
