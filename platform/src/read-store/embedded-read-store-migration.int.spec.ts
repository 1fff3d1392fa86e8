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
    expect(db.pragma('user_version', { simple: true })).toBe(2);
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
