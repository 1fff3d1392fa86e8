import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * Records as CSV text (UTF-8 with a BOM, for spreadsheets), pulled as the client reads; cells a
 * spreadsheet would run as formulas are escaped. Every CSV export of the query side goes through it.
 */
export function csvStream(columns: readonly { key: string; header: string }[], records: AsyncIterable<Record<string, unknown>>): Readable {
  const csv = stringify({ header: true, columns: columns.map((c) => ({ key: c.key, header: c.header })), escape_formulas: true, bom: true });
  const source = Readable.from(records);
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
