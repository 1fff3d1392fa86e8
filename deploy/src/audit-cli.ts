import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { EventStore } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { verifyExport } from './audit/verify-export';

/**
 * `npm run audit -- verify FILE`: checks a history export (CSV or NDJSON) against the event
 * store of LOCUS_DATA_DIR (or EVENTSTORE_URL). Only the event store is opened, read-only use,
 * so it runs beside a running Locus. Exit code 0: verified; 1: altered or not from this store.
 */
async function openEventStore(): Promise<EventStore> {
  const config = loadConfig(process.env);
  if (config.eventStoreUrl) {
    const { createEventStoreDbEventStore } = await import('@locus/platform/event-store/eventstoredb-event-store');
    return createEventStoreDbEventStore({ url: config.eventStoreUrl });
  }
  const { createSqliteEventStore } = await import('@locus/platform/event-store/sqlite-event-store');
  return createSqliteEventStore({ file: path.join(config.dataDir, 'events.db') });
}

async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if (command !== 'verify' || !file) {
    process.stderr.write('usage: npm run audit -- verify <export.csv|export.ndjson>\n');
    return 2;
  }
  const eventStore = await openEventStore();
  try {
    const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
    const result = await verifyExport(eventStore, lines);
    if (result.ok) {
      process.stdout.write(`verified: ${result.events} event(s), ${result.lines} line(s), chain intact and every event matches the store\n`);
      return 0;
    }
    process.stdout.write(`NOT verified: line ${result.line}: ${result.reason}\n`);
    return 1;
  } finally {
    await eventStore.close();
  }
}

process.exit(await main(process.argv.slice(2)));
