import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staffStream, SYSTEM_ACTOR } from '@locus/contracts';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { rebuildProjection } from '@locus/platform/runtime/rebuild';
import type { EventToAppend } from '@locus/platform';
import { staffProjection } from '@locus/projectors/staff/staff-projection';
import { withCpu } from './measure';

/**
 * Writes a realistic history for a real projection (staff: creations, edits, deactivations over
 * 50 companies) and times `rebuildProjection` over it on fresh embedded stores.
 */
export async function measureRebuild(options: { events: number; log: (m: string) => void }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'locus-rebuild-bench-'));
  const eventStore = createSqliteEventStore({ file: path.join(dir, 'events.db') });
  const readStore = createEmbeddedReadStore({ file: path.join(dir, 'readmodels.db') });
  try {
    const companies = Array.from({ length: 50 }, () => randomUUID());
    let written = 0;
    const occurredAt = new Date().toISOString();
    while (written < options.events) {
      const companyId = companies[written % companies.length];
      const staffId = randomUUID();
      const person = { companyId, staffId, firstName: `First${written}`, lastName: 'Last', email: `s${written}@example.com`, phoneNumber: '(512) 555-0100' };
      const metadata = { companyId, actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, occurredAt };
      // One stream: created, edited three times, and one in five deactivated.
      const types = ['StaffMemberCreated', 'StaffMemberUpdated', 'StaffMemberUpdated', 'StaffMemberUpdated'];
      if (written % 5 === 0) types.push('StaffMemberDeactivated');
      const events: EventToAppend[] = types.map((type, i) => ({
        id: randomUUID(),
        type,
        data: type === 'StaffMemberDeactivated' ? { companyId, staffId } : { ...person, lastName: `Last${i}` },
        metadata,
      }));
      await eventStore.append(staffStream(staffId), events, { expectedRevision: 'no_stream' });
      written += events.length;
    }
    options.log(`rebuild: ${written} events written; rebuilding "${staffProjection.name}"`);
    const { result, cpuMs, wallMs, threadsMs } = await withCpu('rebuild', () => rebuildProjection({ eventStore, readStore, def: staffProjection }));
    const seconds = wallMs / 1000;
    const cpuSeconds = cpuMs / 1000;
    return {
      events: result.processed,
      eventsPerSecond: Math.round(result.processed / seconds),
      eventsPerCpuSecond: Math.round(result.processed / cpuSeconds),
      threadsMs,
    };
  } finally {
    await readStore.close();
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
