import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryDoc } from '@locus/contracts';
import { CSV_COLUMNS, CSV_HEADER, createEmbeddedReadStore, exportChainChecker } from '@locus/platform';
import { historyFilter } from './history-rows';
import { HISTORY_EXPORT_BATCH, historyExportLines } from './routes';

const dir = mkdtempSync(path.join(tmpdir(), 'locus-history-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (companyId: string, position: number): HistoryDoc => ({
  _id: `e-${companyId}-${position}`,
  companyId,
  position,
  occurredAt: new Date(1_700_000_000_000 + position * 1000).toISOString(),
  type: 'LocationUpdated',
  label: 'Location updated',
  streamName: `location-${position % 7}`,
  entityType: 'location',
  entityId: `l-${position % 7}`,
  entityName: `Cafe ${position % 7}`,
  actorId: 'u1',
  actorName: 'Ada King',
  actorRole: 'CompanyAdmin',
  actorKind: 'user',
  asAdministrator: false,
  changes: [{ field: 'Title', before: `Cafe ${position - 1}`, after: `Cafe ${position}` }],
  causedBy: null,
  outcome: null,
  reason: null,
  restoredFrom: null,
  searchText: `location updated cafe ${position}`,
  eventDigest: position.toString(16).padStart(64, '0'),
});

describe('history export', () => {
  it('streams every line of the company once, newest first, across batches, chained, without filling the document cache', async () => {
    const store = createEmbeddedReadStore({ file: path.join(dir, 'export.db'), cacheDocuments: 1_000 });
    try {
      const lines = HISTORY_EXPORT_BATCH * 2 + 37;
      const docs: HistoryDoc[] = [];
      // Another company's lines interleave with ours: none of them may appear.
      for (let p = 1; p <= lines * 2; p++) docs.push(line(p % 2 === 0 ? 'ours' : 'theirs', p));
      await store.collection('history').bulkWrite(docs.map((document) => ({ insertOne: { document } })));
      const cachedBefore = store.stats().cachedDocuments;

      let text = '';
      let chunks = 0;
      for await (const chunk of historyExportLines(store.collection<HistoryDoc>('history'), historyFilter('ours', {}), 'ndjson')) {
        text += chunk;
        chunks++;
      }
      const rows = text.split('\n').filter(Boolean);
      expect(rows).toHaveLength(lines);
      expect(chunks).toBe(3);
      const positions = rows.map((r) => (JSON.parse(r) as { position: number }).position);
      expect(positions).toEqual(Array.from({ length: lines }, (_, i) => (lines - i) * 2));
      // a line's fields, in the order every export since the first has written them
      const newest = docs.find((d) => d.companyId === 'ours' && d.position === lines * 2)!;
      const newestLine = JSON.parse(rows[0]!) as object;
      expect(newestLine).toStrictEqual({
        position: newest.position,
        eventDigest: newest.eventDigest,
        occurredAt: newest.occurredAt,
        type: 'LocationUpdated',
        entityType: 'location',
        entityId: newest.entityId,
        entity: newest.entityName,
        actor: 'Ada King',
        actorRole: 'CompanyAdmin',
        asAdministrator: false,
        changes: newest.changes,
        outcome: null,
        reason: null,
        restoredFrom: null,
        id: newest._id,
        label: 'Location updated',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(Object.keys(newestLine)).toEqual([...CSV_COLUMNS, 'id', 'label', 'digest']);
      const check = exportChainChecker();
      for (const r of rows) expect(check(r).ok).toBe(true);

      // the same line as CSV: its cells, the changes as one text
      let csv = '';
      for await (const chunk of historyExportLines(store.collection<HistoryDoc>('history'), historyFilter('ours', {}), 'csv')) csv += chunk;
      const [header, first] = csv.split('\n');
      expect(header).toBe(CSV_HEADER);
      expect(first!.split(',').slice(0, -1)).toEqual([
        String(newest.position),
        newest.eventDigest,
        newest.occurredAt,
        'LocationUpdated',
        'location',
        newest.entityId,
        newest.entityName,
        'Ada King',
        'CompanyAdmin',
        'false',
        `Title: Cafe ${newest.position - 1} → Cafe ${newest.position}`,
        '',
        '',
        '',
      ]);
      const checkCsv = exportChainChecker();
      for (const r of csv.trimEnd().split('\n')) expect(checkCsv(r).ok).toBe(true);
      expect(store.stats().cachedDocuments).toBe(cachedBefore);
    } finally {
      await store.close();
    }
  });
});
