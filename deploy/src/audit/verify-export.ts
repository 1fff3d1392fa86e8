import { exportChainChecker, eventDigest, type EventStore } from '@locus/platform';

export type VerifyResult = { ok: true; lines: number; events: number } | { ok: false; line: number; reason: string };

/**
 * Verifies a history export line by line: the chained digest of every line,
 * then each line's event against the store (same position, same SHA-256 of the stored event).
 */
export async function verifyExport(eventStore: EventStore, lines: AsyncIterable<string>): Promise<VerifyResult> {
  const check = exportChainChecker();
  let count = 0;
  let events = 0;
  for await (const raw of lines) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    count++;
    const verdict = check(line);
    if (!verdict.ok) return verdict;
    if (!verdict.entry) continue;
    const { position, eventDigest: expected, line: lineNo } = verdict.entry;
    const event = await eventStore.eventAt(position);
    if (!event) return { ok: false, line: lineNo, reason: `no event at position ${position} in the store` };
    if (eventDigest(event) !== expected) return { ok: false, line: lineNo, reason: `the event at position ${position} differs from the store's` };
    events++;
  }
  if (count === 0) return { ok: false, line: 0, reason: 'the file is empty' };
  return { ok: true, lines: count, events };
}
