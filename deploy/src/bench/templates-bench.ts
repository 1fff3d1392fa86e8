import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, untilAligned } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { importAndPublish, templateProgress } from '@locus/command-api/templates/testing/publish-fixture';
import { startLocusStack } from '../stack';
import { freePort } from '../free-port';
import { startSandboxProcess } from './sandbox-process';
import { startCpuWindow, threadList, type CpuWindow } from './measure';

export interface TemplatePublishBench {
  locations: number;
  postsPerMinute: number;
  seconds: number;
  /** First to last post, by Google's create times. */
  postingPostsPerMinute: number;
  /** From the publish request to Google's first post. */
  firstPostSeconds: number;
  duplicates: number;
  lost: number;
  failed: number;
  quotaRejections: number;
  /** Google API queries from the publish request to the last outcome (posts and anything else). */
  queries: number;
  /** CPU of the Locus server (every thread; the sandbox runs in a process of its own) per post made, in ms. */
  cpuMsPerPost: number;
  /** With `idleSeconds`: the server's CPU a second after the import, settled and quiet, before the publish. */
  idleCpuMsPerSecond?: number;
}

/** How long Google must see no query before the publish starts. */
const QUIET_MS = 3_000;

/**
 * `templatePublishPostsPerMinute`: one template published to `locations` locations of the
 * sandbox's benchmark account, against the sandbox's enforced quota of 300 queries per
 * minute; from the publish request to the last outcome. Then every location's posts are
 * counted on the sandbox: duplicates (more than one) and lost (none).
 */
export async function measureTemplatePublish(options: {
  locations: number;
  queriesPerMinute?: number;
  /** Seconds of idle server measured between the settled import and the publish (0: none). */
  idleSeconds?: number;
  log: (m: string) => void;
}): Promise<TemplatePublishBench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-templates-'));
  const qpm = options.queriesPerMinute ?? 300;
  // The sandbox in its own process: the CPU per post is then the Locus server's alone.
  const sandbox = await startSandboxProcess({ httpPort: await freePort(), smtpPort: await freePort(), dataDir: path.join(dataDir, 'sandbox') });
  const config = loadConfig(
    {
      PORT: String(await freePort()),
      LOCUS_DATA_DIR: dataDir,
      LOCUS_SANDBOX: '1',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_DEMO: '0',
      LOCUS_GOOGLE_QUERIES_PER_MINUTE: String(qpm),
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: '1',
    },
    { sandboxByDefault: false },
  );
  const stack = await startLocusStack(config, { logger: createLogger({ name: 'bench', level: 'warn' }), serveWeb: false, startSandbox: false });
  try {
    const account = await sandbox.benchAccount(options.locations);
    options.log(`templates: importing ${options.locations} locations`);
    let started = 0;
    let cpuWindow: { end(): Promise<CpuWindow> } | null = null;
    let startedAt = 0;
    let idleCpuMsPerSecond: number | undefined;
    const { templateId } = await importAndPublish(stack.commandDeps, {
      googleUserEmail: account.ownerEmail,
      accountName: account.accountName,
      content: '<p>Bench post for @BusinessName in @City</p>',
      // The quota is enforced from the publish on (the import is not measured). The import's
      // aftermath reads Google too (a year of insights of every location, ~2 queries each):
      // published at once, the template would share the quota with it, so the bench waits until
      // every reactor has caught up and Google has been quiet for a few seconds (on a busy
      // machine the insights import alone can pause longer than that). The projections too: the
      // company history's thread works through the import's events (a year of insights per
      // location) after the burst, and that work is not the posts'.
      beforePublish: async () => {
        const waitStarted = performance.now();
        const settled = async () =>
          (await stack.reactors.status()).every((r) => r.lag === 0) &&
          (await stack.commandDeps.readModels.waitForPosition(await stack.commandDeps.eventStore.headPosition(), 1_000));
        while ((await sandbox.stats()).msSinceLastQuery < QUIET_MS || !(await settled())) await new Promise((r) => setTimeout(r, 250));
        options.log(`templates: Google quiet after the import's reads (waited ${Math.round((performance.now() - waitStarted) / 1000)} s)`);
        if (options.idleSeconds) {
          // What the server spends with nothing to do is spread over the posts of the window
          // below: the publish goes at Google's pace, so its seconds are mostly idle ones.
          const idle = await startCpuWindow('templates-idle');
          await new Promise((r) => setTimeout(r, options.idleSeconds! * 1000));
          const w = await idle.end();
          idleCpuMsPerSecond = Math.round((w.cpuMs / (w.wallMs / 1000)) * 10) / 10;
          options.log(`templates: idle ${options.idleSeconds} s: ${idleCpuMsPerSecond} ms of CPU a second; by thread (ms): ${threadList(w.threadsMs)}`);
        }
        await sandbox.countQueries();
        await sandbox.setQueriesPerMinute(qpm);
        cpuWindow = await startCpuWindow('templates');
        started = performance.now();
        startedAt = Date.now();
      },
    });
    options.log(`templates: publishing to ${options.locations} locations at ${qpm} queries/minute`);
    let progress = await templateProgress(stack.commandDeps, templateId);
    while (!progress || progress.total === 0 || progress.done + progress.failed < progress.total) {
      // The bench's own look at the progress runs in the server's process and counts in its CPU:
      // once a second, on the server's housekeeping tick, so it adds no wake-up of its own; in the
      // last second's posts every 50 ms, so the end is timed as closely as before.
      const left = progress ? progress.total - progress.done - progress.failed : Infinity;
      await new Promise((r) => setTimeout(r, left <= qpm / 60 ? 50 : untilAligned(1_000)));
      progress = await templateProgress(stack.commandDeps, templateId);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = await cpuWindow!.end();
    options.log(
      `templates: CPU per post by thread (ms; main is the event loop): ${cpu.threadsMs.map((t) => `${t.main ? 'main' : t.tid} ${(t.ms / Math.max(1, progress!.done)).toFixed(2)} (kernel ${(t.systemMs / Math.max(1, progress!.done)).toFixed(2)})`).join(', ')}`,
    );
    const stats = await sandbox.stats();
    const ours = await sandbox.posts(account.locationIds, 'Bench post for ');
    const counts = ours.map((posts) => posts.length);
    // Google's own clock: from the first post to the last, what the quota governs
    const times = ours
      .flat()
      .map((t) => Date.parse(t))
      .sort((a, b) => a - b);
    const postingSeconds = times.length > 1 ? (times.at(-1)! - times[0]!) / 1000 : 0;
    return {
      locations: options.locations,
      postsPerMinute: Math.round((progress.done / seconds) * 60 * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      postingPostsPerMinute: postingSeconds > 0 ? Math.round(((times.length - 1) / postingSeconds) * 60 * 10) / 10 : 0,
      firstPostSeconds: times.length ? Math.round((times[0]! - startedAt) / 100) / 10 : 0,
      duplicates: counts.reduce((s, n) => s + Math.max(0, n - 1), 0),
      lost: counts.filter((n) => n === 0).length,
      failed: progress.failed,
      quotaRejections: stats.rejectedQueries,
      queries: stats.queries,
      cpuMsPerPost: progress.done ? Math.round((cpu.cpuMs / progress.done) * 10) / 10 : 0,
      ...(idleCpuMsPerSecond === undefined ? {} : { idleCpuMsPerSecond }),
    };
  } finally {
    await stack.shutdown(5_000);
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
