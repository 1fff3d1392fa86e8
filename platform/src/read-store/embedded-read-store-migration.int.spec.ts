import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedReadStore } from './embedded-read-store';
import { DuplicateKeyError } from './read-store-errors';

/**
 * testing/readmodels-v1.db was written by the previous embedded store (schema 1: every
 * document in one `docs` table, loaded into memory at start), at commit 8b1ac8a: collection
 * `places__g1` with 40 documents (p00..p39 less p05, p06 rated 9) and three indexes (one
 * unique on `code`), `_projections`, and the checkpoint `places@1` at 42.
 */
const FIXTURE = path.join(import.meta.dirname, 'testing', 'readmodels-v1.db');
const dir = mkdtempSync(path.join(tmpdir(), 'locus-read-store-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded read store: a data directory of the previous format', () => {
  it('is migrated on first open, answers the same queries, and keeps resuming', async () => {
    const file = path.join(dir, 'readmodels.db');
    copyFileSync(FIXTURE, file);
    const store = createEmbeddedReadStore({ file });
    try {
      expect((await store.listCollections()).sort()).toEqual(['_projections', 'places__g1']);
      const places = store.collection('places__g1');
      expect(await places.countDocuments({})).toBe(39);
      expect(await places.countDocuments({ companyId: 'c1' })).toBe(19);
      expect(await places.findOne({ _id: 'p05' })).toBeNull();
      expect(await places.findOne({ _id: 'p06' })).toMatchObject({ rating: 9, companyId: 'c2' });
      const page = await places.find({ companyId: 'c1' }, { sort: { titleSort: -1 }, skip: 1, limit: 3 });
      expect(page.map((d) => d._id)).toEqual(['p37', 'p35', 'p33']);
      expect((await places.find({ tags: 'a', companyId: 'c2' })).map((d) => d._id).sort()).toEqual([
        'p02',
        'p04',
        'p08',
        'p10',
        'p14',
        'p16',
        'p20',
        'p22',
        'p26',
        'p28',
        'p32',
        'p34',
        'p38',
      ]);
      expect(await store.collection('_projections').findOne({ _id: 'places' })).toEqual({ _id: 'places', version: 1, generation: 1 });
      expect((await store.getCheckpoint('places@1'))?.position).toBe(42);
      // The declared indexes came along: the unique one still refuses, the others serve queries.
      await expect(places.bulkWrite([{ insertOne: { document: { _id: 'x', code: 'K-1' } } }])).rejects.toBeInstanceOf(DuplicateKeyError);
      const plan = store.explain('places__g1', { filter: { companyId: 'c1' }, sort: { titleSort: 1 }, limit: 10 });
      expect(plan.statements[0]!.plan.join('\n')).toMatch(/SEARCH .*companyId_1_titleSort_1/);
      // Resuming: the next batch and checkpoint are written as usual.
      await store.commit({
        writes: [{ collection: 'places__g1', ops: [{ insertOne: { document: { _id: 'p40', companyId: 'c1', titleSort: 'place 40' } } }] }],
        checkpoint: { name: 'places@1', position: 43 },
      });
    } finally {
      await store.close();
    }
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'docs'").get()).toEqual({ n: 0 });
    db.close();
    const reopened = createEmbeddedReadStore({ file });
    try {
      expect((await reopened.getCheckpoint('places@1'))?.position).toBe(43);
      expect(await reopened.collection('places__g1').countDocuments({ companyId: 'c1' })).toBe(20);
    } finally {
      await reopened.close();
    }
  });
});

describe('embedded read store: a file of schema 2 (indexes over the JSON body)', () => {
  it('gets key columns filled from the documents, its indexes made over them, and answers as before', async () => {
    const file = path.join(dir, 'readmodels-v2.db');
    // Written as the schema-2 store wrote it: each index an expression over the body.
    const v2 = new Database(file);
    v2.exec(`
      CREATE TABLE collections (name TEXT PRIMARY KEY) WITHOUT ROWID;
      CREATE TABLE indexes (coll TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL, PRIMARY KEY (coll, name)) WITHOUT ROWID;
      CREATE TABLE path_flags (coll TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (coll, path)) WITHOUT ROWID;
      CREATE TABLE checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, updated_at TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE "d:places" (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, body TEXT NOT NULL);
      CREATE INDEX "i:places:companyId_1_rating_-1" ON "d:places" (json_extract(body, '$.companyId'), json_extract(body, '$.rating') DESC);
      CREATE INDEX "i:places:code_1" ON "d:places" (json_extract(body, '$.code'));
      INSERT INTO collections VALUES ('places');
      INSERT INTO checkpoints VALUES ('places@1', 30, '2026-11-01T00:00:00.000Z');
    `);
    const spec = (name: string, key: Record<string, number>, unique: boolean) =>
      v2.prepare('INSERT INTO indexes VALUES (?, ?, ?)').run('places', name, JSON.stringify({ name, key, unique, fields: Object.keys(key) }));
    spec('companyId_1_rating_-1', { companyId: 1, rating: -1 }, false);
    spec('code_1', { code: 1 }, true);
    const insert = v2.prepare('INSERT INTO "d:places" (id, body) VALUES (?, ?)');
    for (let i = 0; i < 30; i++) insert.run(`p${i}`, JSON.stringify({ _id: `p${i}`, code: `K${i}`, companyId: `c${i % 3}`, rating: i % 7 }));
    v2.pragma('user_version = 2');
    v2.close();

    const store = createEmbeddedReadStore({ file });
    try {
      const places = store.collection('places');
      const page = await places.find({ companyId: 'c1' }, { sort: { rating: -1, _id: 1 }, limit: 4 });
      expect(page.map((d) => d._id)).toEqual(['p13', 'p19', 'p25', 'p4']);
      expect(store.explain('places', { filter: { companyId: 'c1' }, sort: { rating: -1 } }).statements[0]!.plan.join('\n')).toMatch(
        /USING INDEX "?i:places:companyId_1_rating_-1/,
      );
      await expect(places.bulkWrite([{ insertOne: { document: { _id: 'x', code: 'K4' } } }])).rejects.toBeInstanceOf(DuplicateKeyError);
      await places.bulkWrite([{ updateOne: { filter: { _id: 'p4' }, update: { $set: { companyId: 'c2' } } } }]);
      expect(await places.countDocuments({ companyId: 'c1' })).toBe(9);
      expect((await store.getCheckpoint('places@1'))?.position).toBe(30);
    } finally {
      await store.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(3);
      const indexSql = (
        db.prepare(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'i:places:%' ORDER BY name`).all() as { sql: string }[]
      ).map((r) => r.sql);
      expect(indexSql).toEqual([
        'CREATE INDEX "i:places:code_1" ON "d:places" ("k:code")',
        'CREATE INDEX "i:places:companyId_1_rating_-1" ON "d:places" ("k:companyId", "k:rating" DESC)',
      ]);
      const stray = db
        .prepare(
          `SELECT count(*) AS n FROM "d:places" WHERE "k:code" IS NOT json_extract(body, '$.code') OR "k:companyId" IS NOT json_extract(body, '$.companyId') OR "k:rating" IS NOT json_extract(body, '$.rating')`,
        )
        .get();
      expect(stray).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
