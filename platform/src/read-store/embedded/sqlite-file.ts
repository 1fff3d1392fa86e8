import Database from 'better-sqlite3';
import type { Checkpoint } from '../read-store';
import type { DeclaredIndex } from './collection-state';
import type { StagedDoc } from './staged-collection';

/**
 * The embedded read store's durable side: one SQLite file (WAL) holding every document as
 * JSON, the declared indexes, the collections and the checkpoints. Memory is loaded from it
 * at start; afterwards it is only written, one transaction per batch.
 */
export interface ReadStoreFile {
  load(): LoadedState;
  /** One transaction: documents of several collections plus an optional checkpoint. */
  writeBatch(collections: CollectionChanges[], checkpoint?: Checkpoint): void;
  saveIndexes(collection: string, indexes: DeclaredIndex[]): void;
  dropCollection(collection: string): void;
  deleteCheckpoint(name: string): void;
  close(): void;
}

export interface CollectionChanges {
  collection: string;
  changes: ReadonlyMap<string, StagedDoc | null>;
}

export interface LoadedState {
  collections: string[];
  indexes: { collection: string; index: DeclaredIndex }[];
  documents: Iterable<{ collection: string; body: string }>;
  checkpoints: Checkpoint[];
}

const SCHEMA_VERSION = 1;
const UPSERT_CHUNK = 50;

export function openReadStoreFile(file: string): ReadStoreFile {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode keeps every commit atomic and survives a process crash; only an OS
  // crash or power cut can lose the last commits, which projections then replay from
  // their checkpoint (checkpoint and documents always travel together).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);

  const upsertDoc = db.prepare<[string, string, string]>(
    'INSERT INTO docs (coll, id, body) VALUES (?, ?, ?) ON CONFLICT (coll, id) DO UPDATE SET body = excluded.body',
  );
  // Upserts go 50 rows to a statement: fewer calls into SQLite, about 1.5x the rows per second.
  const upsertChunk = db.prepare<unknown[]>(
    `INSERT INTO docs (coll, id, body) VALUES ${new Array(UPSERT_CHUNK).fill('(?, ?, ?)').join(', ')} ON CONFLICT (coll, id) DO UPDATE SET body = excluded.body`,
  );
  const deleteDoc = db.prepare<[string, string]>('DELETE FROM docs WHERE coll = ? AND id = ?');
  const addCollection = db.prepare<[string]>('INSERT OR IGNORE INTO collections (name) VALUES (?)');
  const putCheckpoint = db.prepare<[string, number, string]>(
    'INSERT INTO checkpoints (name, position, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = excluded.updated_at',
  );
  const removeCheckpoint = db.prepare<[string]>('DELETE FROM checkpoints WHERE name = ?');
  const putIndex = db.prepare<[string, string, string]>(
    'INSERT INTO indexes (coll, name, spec) VALUES (?, ?, ?) ON CONFLICT (coll, name) DO UPDATE SET spec = excluded.spec',
  );
  const dropDocs = db.prepare<[string]>('DELETE FROM docs WHERE coll = ?');
  const dropIndexes = db.prepare<[string]>('DELETE FROM indexes WHERE coll = ?');
  const dropName = db.prepare<[string]>('DELETE FROM collections WHERE name = ?');

  const writeBatch = db.transaction((collections: CollectionChanges[], checkpoint?: Checkpoint) => {
    for (const { collection, changes } of collections) {
      if (changes.size > 0) addCollection.run(collection);
      let chunk: unknown[] = [];
      for (const [id, change] of changes) {
        if (!change) {
          deleteDoc.run(collection, id);
          continue;
        }
        chunk.push(collection, id, change.body);
        if (chunk.length === UPSERT_CHUNK * 3) {
          upsertChunk.run(chunk);
          chunk = [];
        }
      }
      for (let i = 0; i < chunk.length; i += 3) upsertDoc.run(chunk[i] as string, chunk[i + 1] as string, chunk[i + 2] as string);
    }
    if (checkpoint) putCheckpoint.run(checkpoint.name, checkpoint.position, checkpoint.updatedAt);
  });

  const saveIndexes = db.transaction((collection: string, indexes: DeclaredIndex[]) => {
    addCollection.run(collection);
    for (const index of indexes) putIndex.run(collection, index.name, JSON.stringify(index));
  });

  const dropCollection = db.transaction((collection: string) => {
    dropDocs.run(collection);
    dropIndexes.run(collection);
    dropName.run(collection);
  });

  return {
    load() {
      const collections = (db.prepare('SELECT name FROM collections ORDER BY name').all() as { name: string }[]).map(
        (r) => r.name,
      );
      const indexes = (db.prepare('SELECT coll, spec FROM indexes').all() as { coll: string; spec: string }[]).map(
        (r) => ({ collection: r.coll, index: JSON.parse(r.spec) as DeclaredIndex }),
      );
      const documents = (function* () {
        const rows = db.prepare('SELECT coll, body FROM docs').iterate() as Iterable<{ coll: string; body: string }>;
        for (const row of rows) yield { collection: row.coll, body: row.body };
      })();
      const checkpoints = (
        db.prepare('SELECT name, position, updated_at FROM checkpoints').all() as {
          name: string;
          position: number;
          updated_at: string;
        }[]
      ).map((r) => ({ name: r.name, position: r.position, updatedAt: r.updated_at }));
      return { collections, indexes, documents, checkpoints };
    },
    writeBatch: (collections, checkpoint) => writeBatch(collections, checkpoint),
    saveIndexes: (collection, indexes) => saveIndexes(collection, indexes),
    dropCollection: (collection) => dropCollection(collection),
    deleteCheckpoint: (name) => void removeCheckpoint.run(name),
    close: () => db.close(),
  };
}

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version !== 0) throw new Error(`read store file has schema version ${version}; this build knows ${SCHEMA_VERSION}`);
  db.exec(`
    CREATE TABLE IF NOT EXISTS collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS docs (
      coll TEXT NOT NULL,
      id TEXT NOT NULL,
      body TEXT NOT NULL,
      PRIMARY KEY (coll, id)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS indexes (
      coll TEXT NOT NULL,
      name TEXT NOT NULL,
      spec TEXT NOT NULL,
      PRIMARY KEY (coll, name)
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS checkpoints (
      name TEXT PRIMARY KEY,
      position INTEGER NOT NULL,
      updated_at TEXT NOT NULL
    ) WITHOUT ROWID;
    PRAGMA user_version = ${SCHEMA_VERSION};
  `);
}
