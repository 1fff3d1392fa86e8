import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { startLocusStack } from '../stack';
import { freePort } from '../free-port';
import { startSandboxProcess } from './sandbox-process';
import { withCpu } from './measure';
import { openSseTab } from './sse-client';
import http from 'node:http';
import {
  BULK_EDIT_JOBS_COLLECTION,
  bulkLocationEditRoute,
  getBulkEditJobRoute,
  listBulkEditJobsRoute,
  listBulkEditOutcomesRoute,
  type BulkEditJob,
  type BulkEditOutcome,
} from '@locus/contracts';
import { routeClient } from '@locus/tests/stack/route-client';
import { connectAndImport, seedCompanyAdmin } from '../testing/google-company';

export interface BulkEditBench {
  locations: number;
  editsPerMinute: number;
  seconds: number;
  failed: number;
  failedByRateLimit: number;
  /** 429s the sandbox answered during the job (project queries, location edits). */
  quotaRejections: { edits: number; queries: number };
  /** CPU of the Locus server (every thread; the sandbox runs in a process of its own) per edit made, in ms. */
  cpuMsPerEdit: number;
}

/**
 * A bulk edit of `locations` locations against the sandbox with Google's quotas enforced
 * (10 edits a minute per location, 300 requests a minute per project): edits per minute from
 * the job's start to its end, and how many locations ended failed (none should, least of all
 * by a 429).
 */
export async function measureBulkEdit(options: { locations: number; log: (m: string) => void }): Promise<BulkEditBench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-bulk-'));
  // The sandbox in its own process: the CPU per edit is then the Locus server's alone.
  const sandbox = await startSandboxProcess({ httpPort: await freePort(), smtpPort: await freePort(), dataDir: path.join(dataDir, 'sandbox') });
  const config = loadConfig(
    {
      PORT: String(await freePort()),
      LOCUS_DATA_DIR: dataDir,
      LOCUS_SANDBOX: 'true',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_DEMO: '0',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    },
    { sandboxByDefault: false },
  );
  const stack = await startLocusStack(config, {
    logger: createLogger({ name: 'bench', level: 'warn' }),
    serveWeb: false,
    startSandbox: false,
    // the reviews and insights reads every imported location starts: not part of the figure, and
    // on a loaded machine they held the 1,000-location import past its 10 minutes
    skipReactors: ['reviews.ingest', 'insights.import-from-google'],
  });
  try {
    const account = await sandbox.benchAccount(options.locations);
    const { token } = await seedCompanyAdmin(stack.commandDeps.eventStore, stack.commandDeps.tokens, 'Bench Bulk Co');
    const api = routeClient(() => stack.url, { token });
    options.log(`bulk edit: importing ${options.locations} locations`);
    const ids = await connectAndImport(api, account.ownerEmail, account.accountName, options.locations, 600_000);
    // Google's project quota, enforced from here on (the import's reads are not part of the figure).
    await sandbox.setQueriesPerMinute(300);
    // Nor is the projections' work on the import's events (the company history's thread follows after the burst).
    const head = await stack.commandDeps.eventStore.headPosition();
    if (!(await stack.commandDeps.readModels.waitForPosition(head, 600_000))) throw new Error('the projections did not catch up with the import');
    const rejectedBefore = (await sandbox.stats()).quotaRejections;
    options.log(`bulk edit: ${ids.length} locations at Google's 300 requests a minute`);
    // The server's CPU from the request to the job's end, with what a viewer's tab asks in it: on
    // each live message of the job's document, its counts and the page's list of jobs again (one
    // reading at a time, the next after it as RTK Query does), and the failed locations' first
    // page when their count changed.
    // Like the web app, the tab's reads carry its command's position (X-Min-Position): the jobs'
    // projection batches its events, so a read without it can come before the job's document.
    const tab = {
      job: null as BulkEditJob | null,
      jobId: '',
      position: 0,
      reading: false,
      again: false,
      failedSeen: 0,
      ended: null as ((job: BulkEditJob) => void) | null,
    };
    const seen = () => ({ 'X-Min-Position': String(tab.position) });
    const failedPage = (page: number) =>
      api.send(listBulkEditOutcomesRoute, { params: { jobId: tab.jobId }, query: { status: 'failed', page, pageSize: 100 }, headers: seen() });
    const read = async (): Promise<void> => {
      if (tab.reading) return void (tab.again = true);
      tab.reading = true;
      try {
        do {
          tab.again = false;
          const [answer] = await Promise.all([
            api.send(getBulkEditJobRoute, { params: { jobId: tab.jobId }, headers: seen() }),
            api.send(listBulkEditJobsRoute, { headers: seen() }),
          ]);
          tab.job = answer.body.Data.Job;
          if (tab.job.Status !== 'running') tab.ended?.(tab.job);
          if (tab.job.Failed !== tab.failedSeen && tab.job.Failed > 0) await failedPage(1);
          tab.failedSeen = tab.job.Failed;
        } while (tab.again);
      } finally {
        tab.reading = false;
      }
    };
    const agent = new http.Agent({ keepAlive: false });
    const live = await openSseTab(`${stack.url}/api/live`, token, agent, (m) => {
      if (m.kind === 'changed' && m.collection === BULK_EDIT_JOBS_COLLECTION && tab.jobId && (m.many || m.ids?.includes(tab.jobId))) void read();
    });
    const window = await withCpu('bulkEdit', async () => {
      const started = await api.send(bulkLocationEditRoute, {
        body: {
          SelectedLocations: ids,
          IgnoreBulkLocationFields: { BusninessDescription: false },
          ProfileDescription: '@BusinessName in @Town: open every day for @BusinessName customers.',
        },
      });
      if (started.status !== 200) throw new Error(`bulk edit answered ${started.status}: ${started.text}`);
      tab.jobId = started.body.Data.JobId;
      tab.position = started.position;
      // The tab's own reading says when the job ended (the bench runs in the server's process, so
      // it adds no wake-ups of its own to the figure); a rare look of the bench's own, should a
      // message be missed.
      const ended = new Promise<BulkEditJob>((resolve) => (tab.ended = resolve));
      await read();
      const look = setInterval(() => void read(), 5_000);
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timeout = setTimeout(() => reject(new Error('the bulk edit did not finish in 30 minutes')), 1_800_000)));
      try {
        return { job: await Promise.race([ended, late]) };
      } finally {
        clearInterval(look);
        clearTimeout(timeout);
      }
    });
    live.close();
    agent.destroy();
    const { job } = window.result;
    options.log(
      `bulk edit: CPU per edit by thread (ms; main is the event loop): ${window.threadsMs.map((t) => `${t.main ? 'main' : t.tid} ${(t.ms / Math.max(1, job.Done)).toFixed(2)} (kernel ${(t.systemMs / Math.max(1, job.Done)).toFixed(2)})`).join(', ')}`,
    );
    const failedOutcomes: BulkEditOutcome[] = [];
    for (let page = 1; failedOutcomes.length < job.Failed; page++) {
      const rows = (await failedPage(page)).body.Data;
      if (!rows.length) break;
      failedOutcomes.push(...rows);
    }
    const rejected = (await sandbox.stats()).quotaRejections;
    if (!job.FinishedAt) throw new Error(`the bulk edit ended ${job.Status} without a finish time`);
    const seconds = (Date.parse(job.FinishedAt) - Date.parse(job.StartedAt)) / 1000;
    return {
      locations: ids.length,
      editsPerMinute: Math.round((job.Done / seconds) * 60 * 10) / 10,
      seconds: Math.round(seconds),
      failed: job.Failed,
      failedByRateLimit: failedOutcomes.filter((o) => o.Code === 'GOOGLE.RATE_LIMITED').length,
      quotaRejections: {
        edits: rejected.edits - rejectedBefore.edits,
        queries: rejected.queries - rejectedBefore.queries,
      },
      cpuMsPerEdit: job.Done ? Math.round((window.cpuMs / job.Done) * 10) / 10 : 0,
    };
  } finally {
    await stack.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
