import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, exportChainChecker, exportWriter, type CsvRecord } from './audit-export';

const record = (position: number): CsvRecord => ({
  position,
  eventDigest: 'a'.repeat(64),
  occurredAt: '2026-01-02T03:04:05.000Z',
  type: 'LocationUpdated',
  entityType: 'Location',
  entityId: 'loc-1',
  entity: 'Café "Nord", Bonn',
  actor: '=cmd',
  actorRole: 'CompanyAdmin',
  asAdministrator: false,
  changes: 'name: A → B\nphone: 1 → 2',
  outcome: 'published',
  reason: null,
  restoredFrom: null,
});

const cells = (line: string): string[] => (parse(line, { relaxQuotes: true }) as string[][])[0]!;

describe('history CSV export', () => {
  it('names as many columns in the header as every row has cells, the last being the digest', () => {
    const writer = exportWriter('csv');
    const text = writer.header() + writer.line(record(2)) + writer.line(record(1));
    const [header, ...rows] = text.trimEnd().split('\n');
    const names = cells(header!);
    expect(names).toEqual([...CSV_COLUMNS, 'digest']);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const values = cells(row);
      expect(values).toHaveLength(names.length);
      expect(values[names.indexOf('digest')]).toMatch(/^[0-9a-f]{64}$/);
      expect(values[names.indexOf('entity')]).toBe('Café "Nord", Bonn');
    }
  });

  it('verifies its own export and refuses one with an altered row', () => {
    const writer = exportWriter('csv');
    const lines = (writer.header() + writer.line(record(2)) + writer.line(record(1))).trimEnd().split('\n');
    const check = exportChainChecker();
    expect(lines.map((l) => check(l).ok)).toEqual([true, true, true]);
    const altered = exportChainChecker();
    const tampered = [lines[0]!, lines[1]!.replace('published', 'rejected'), lines[2]!];
    expect(tampered.map((l) => altered(l).ok)).toEqual([true, false, false]);
  });
});
