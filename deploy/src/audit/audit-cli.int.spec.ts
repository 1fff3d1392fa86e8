import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_COLLECTION, locationStream, type HistoryDoc } from '@locus/contracts';
import { createEmbeddedReadStore, createInProcessBus, createProjectorRuntime, createReadModels, createSqliteEventStore } from '@locus/platform';
import { historyProjection } from '@locus/projectors/audit/index';
import { historyExportLines } from '@locus/query-api/audit/index';
import { historyFilter } from '@locus/query-api/audit/history-rows';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run audit -- verify FILE` as a process against a data directory's event store. */
function verify(dataDir: string, file: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'deploy/src/audit-cli.ts'), 'verify', file],
      { env: { ...process.env, LOCUS_DATA_DIR: dataDir } },
      (err, stdout) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: stdout }),
    );
  });
}

describe('npm run audit -- verify', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-audit-cli-'));
  const files: Record<'csv' | 'ndjson', string> = { csv: path.join(dataDir, 'h.csv'), ndjson: path.join(dataDir, 'h.ndjson') };

  beforeAll(async () => {
    const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
    const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
    const bus = createInProcessBus();
    const companyId = randomUUID();
    const locationId = randomUUID();
    const metadata = {
      companyId,
      actor: { userId: 'u1', role: 'CompanyAdmin' as const },
      correlationId: 'c',
      causationId: null,
      occurredAt: new Date().toISOString(),
    };
    await eventStore.append(
      locationStream(locationId),
      Array.from({ length: 20 }, (_, n) => ({
        id: randomUUID(),
        type: n === 0 ? 'LocationCreated' : 'LocationUpdated',
        data: { locationId, profile: { Title: `Cafe, "v${n}"\nsecond line`, StoreCode: 'S1' }, changed: ['Title'] },
        metadata,
      })),
    );
    const projector = createProjectorRuntime({ eventStore, readStore, bus, projections: [historyProjection] });
    await projector.start();
    const readModels = createReadModels({ readStore, bus, projections: [historyProjection] });
    expect(await readModels.waitForPosition(await eventStore.headPosition(), 30_000)).toBe(true);
    await projector.stop();
    for (const format of ['csv', 'ndjson'] as const) {
      let text = '';
      for await (const chunk of historyExportLines(readModels.collection<HistoryDoc>(HISTORY_COLLECTION), historyFilter(companyId, {}), format)) text += chunk;
      writeFileSync(files[format], text);
    }
    readModels.close();
    await readStore.close();
    await eventStore.close();
    await bus.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  for (const format of ['csv', 'ndjson'] as const) {
    it(`accepts an unaltered ${format} export and rejects it after one byte changed`, async () => {
      const ok = await verify(dataDir, files[format]);
      expect(ok.out).toContain('verified: 20 event(s)');
      expect(ok.code).toBe(0);
      const bytes = readFileSync(files[format]);
      const at = bytes.indexOf('v7');
      bytes[at + 1] = '8'.charCodeAt(0);
      const altered = `${files[format]}.altered`;
      writeFileSync(altered, bytes);
      const bad = await verify(dataDir, altered);
      expect(bad.code).toBe(1);
      expect(bad.out).toContain('NOT verified');
    }, 60_000);
  }
});
