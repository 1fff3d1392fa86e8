import { describe } from 'vitest';
import { eventStoreContract } from './event-store.contract';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';

const url = process.env.EVENTSTORE_URL;

// No EventStoreDB/KurrentDB server can be installed on these machines (no Debian package, and
// every npm route downloads from another host; see STACK-NOTES.md), so without EVENTSTORE_URL
// this suite is reported as skipped — it is NOT a pass. Point EVENTSTORE_URL at a real server
// (e.g. `esdb://localhost:2113?tls=false` from deploy/'s compose file) to run it.
describe.skipIf(!url)(url ? `EventStoreDB adapter (${url})` : 'EventStoreDB adapter — NOT RUN: EVENTSTORE_URL is not set', () => {
  eventStoreContract('EventStoreDB', async () => createEventStoreDbEventStore({ url: url! }), {
    gaplessPositions: false,
    startsEmpty: false,
    deduplicatesIdsUnderAny: false,
  });
});
