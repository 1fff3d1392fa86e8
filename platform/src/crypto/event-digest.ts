import { createHash } from 'node:crypto';

/**
 * JSON with object keys sorted, so the same event always gives the same text. Written as
 * loops over sorted keys (the default sort orders by UTF-16 code units, as `<` does): every
 * event's history line carries its digest, so the array-method version showed in every
 * command's CPU (docs/performance.md).
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}

export interface DigestedEvent {
  position: number;
  id: string;
  streamName: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** SHA-256 (hex) of a stored event: what an export line vouches for. */
export function eventDigest(event: DigestedEvent): string {
  const { position, id, streamName, type, data, metadata } = event;
  return createHash('sha256').update(canonicalJson({ position, id, streamName, type, data, metadata })).digest('hex');
}

/** The next link of an export's chain: SHA-256 of the previous digest and this line's text. */
export const chainDigest = (previous: string, line: string): string => createHash('sha256').update(previous).update('\n').update(line).digest('hex');

/** Where every export's chain starts. */
export const CHAIN_GENESIS = createHash('sha256').update('locus-audit-export-v1').digest('hex');
