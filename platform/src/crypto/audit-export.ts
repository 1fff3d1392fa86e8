import { CHAIN_GENESIS, chainDigest } from './event-digest';

/**
 * The line format of history exports. Each line is a body and the chained
 * SHA-256 of every line up to it; the body names the event's position and the SHA-256 of the
 * stored event. Changing one byte of a line breaks its digest and every one after it.
 *
 * - NDJSON: `{...body...,"digest":"<hex>"}`, the body being the JSON object without `digest`.
 * - CSV: a header line (chained too), then `<cells>,<digest>`; position is the first cell and
 *   the event's digest the second. Line breaks inside a value are written as `\n`.
 */
export type ExportFormat = 'csv' | 'ndjson';

export const CSV_COLUMNS = [
  'position',
  'eventDigest',
  'occurredAt',
  'type',
  'entityType',
  'entityId',
  'entity',
  'actor',
  'actorRole',
  'asAdministrator',
  'changes',
  'outcome',
  'reason',
  'restoredFrom',
] as const;
export type CsvRecord = Record<(typeof CSV_COLUMNS)[number], string | number | boolean | null>;

/** The CSV header: the record's columns and the chained digest every row ends with. */
export const CSV_HEADER = [...CSV_COLUMNS, 'digest'].join(',');
/** The header of exports written before it named the digest column; still verifiable. */
const LEGACY_CSV_HEADER = CSV_COLUMNS.join(',');

const csvCell = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value).replace(/\r\n|\r|\n/g, '\\n');
  // Cells a spreadsheet would run as formulas get a leading quote; others are quoted when needed.
  const safe = /^[=+\-@\t]/.test(text) ? `'${text}` : text;
  return /[",]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Writes lines and keeps the chain. */
export function exportWriter(format: ExportFormat) {
  let previous = CHAIN_GENESIS;
  const seal = (body: string, join: (body: string, digest: string) => string) => {
    previous = chainDigest(previous, body);
    return `${join(body, previous)}\n`;
  };
  return {
    /** The first line(s) of the file ('' for NDJSON). */
    header(): string {
      if (format === 'ndjson') return '';
      previous = chainDigest(previous, CSV_HEADER);
      return `${CSV_HEADER}\n`;
    },
    /** NDJSON writes `fields` as they are; CSV writes their CSV_COLUMNS, each a text, number, boolean or null. */
    line(fields: Record<string, unknown>): string {
      if (format === 'ndjson') return seal(JSON.stringify(fields), (body, digest) => `${body.slice(0, -1)},"digest":"${digest}"}`);
      return seal(CSV_COLUMNS.map((c) => csvCell(fields[c] as CsvRecord[typeof c])).join(','), (body, digest) => `${body},${digest}`);
    },
  };
}

export interface ExportLineCheck {
  line: number;
  position: number;
  eventDigest: string;
}

export type LineVerdict = { ok: true; entry: ExportLineCheck | null } | { ok: false; line: number; reason: string };

/**
 * Checks a file line by line (so a large export is never held whole): the chain, and each
 * line's position and event digest for the store check that follows.
 */
export function exportChainChecker() {
  let previous = CHAIN_GENESIS;
  let csv: boolean | null = null;
  let lineNo = 0;
  return (line: string): LineVerdict => {
    lineNo++;
    const fail = (reason: string): LineVerdict => ({ ok: false, line: lineNo, reason });
    if (csv === null) {
      csv = !line.startsWith('{');
      if (csv) {
        if (line !== CSV_HEADER && line !== LEGACY_CSV_HEADER) return fail('the CSV header is not the export header');
        previous = chainDigest(previous, line);
        return { ok: true, entry: null };
      }
    }
    const m = csv ? /^(.*),([0-9a-f]{64})$/.exec(line) : /^(\{.*),"digest":"([0-9a-f]{64})"\}$/.exec(line);
    if (!m) return fail('no digest at the end of the line');
    const body = csv ? m[1]! : `${m[1]}}`;
    previous = chainDigest(previous, body);
    if (previous !== m[2]) return fail('the line does not match its digest (altered, removed or reordered lines)');
    let position: number;
    let eventDigest: string;
    if (csv) {
      const [p, d] = body.split(',', 2);
      position = Number(p);
      eventDigest = d ?? '';
    } else {
      try {
        const parsed = JSON.parse(body) as { position?: unknown; eventDigest?: unknown };
        position = Number(parsed.position);
        eventDigest = String(parsed.eventDigest ?? '');
      } catch {
        return fail('the line is not JSON');
      }
    }
    if (!Number.isInteger(position) || !/^[0-9a-f]{64}$/.test(eventDigest)) return fail('no position or event digest');
    return { ok: true, entry: { line: lineNo, position, eventDigest } };
  };
}
