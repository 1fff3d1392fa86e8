import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { importAndPublish, templateProgress } from '@locus/command-api/templates/testing/publish-fixture';
import { startLocusStack } from '../stack';
import { freePort } from '../free-port';

export interface TemplatePublishBench {
  locations: number;
  postsPerMinute: number;
  seconds: number;
  duplicates: number;
  lost: number;
  failed: number;
  quotaRejections: number;
}

/**
 * `templatePublishPostsPerMinute`: one template published to `locations` locations of the
 * sandbox's benchmark account, against the sandbox's enforced quota of 300 queries per
 * minute; from the publish request to the last outcome. Then every location's posts are
 * counted on the sandbox: duplicates (more than one) and lost (none).
 */
export async function measureTemplatePublish(options: {
  locations: number;
  queriesPerMinute?: number;
  log: (m: string) => void;
}): Promise<TemplatePublishBench> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-templates-'));
  const qpm = options.queriesPerMinute ?? 300;
  const config = loadConfig(
    {
      PORT: String(await freePort()),
      LOCUS_DATA_DIR: dataDir,
      LOCUS_SANDBOX: '1',
      LOCUS_SANDBOX_PORT: String(await freePort()),
      LOCUS_SANDBOX_SMTP_PORT: String(await freePort()),
      LOCUS_DEMO: '0',
      LOCUS_GOOGLE_QUERIES_PER_MINUTE: String(qpm),
    },
    { sandboxByDefault: true },
  );
  const stack = await startLocusStack(config, { logger: createLogger({ name: 'bench', level: 'warn' }), serveWeb: false });
  try {
    const store = stack.sandbox!.google!.store;
    const account = store.ensureBenchAccount(options.locations);
    const owner = store.user(account.members[0]!.sub)!;
    options.log(`templates: importing ${options.locations} locations`);
    let rejections = 0;
    const countQuery = store.countQuery.bind(store);
    store.countQuery = (sub) => {
      try {
        countQuery(sub);
      } catch (err) {
        rejections++;
        throw err;
      }
    };
    let started = 0;
    const { templateId } = await importAndPublish(stack.commandDeps, {
      googleUserEmail: owner.email,
      accountName: account.accountName,
      content: '<p>Bench post for @BusinessName in @City</p>',
      // the quota is enforced from the publish on (the import is not measured)
      beforePublish: () => {
        store.options.queriesPerMinute = qpm;
        started = performance.now();
      },
    });
    options.log(`templates: publishing to ${options.locations} locations at ${qpm} queries/minute`);
    let progress = await templateProgress(stack.commandDeps, templateId);
    while (!progress || progress.total === 0 || progress.done + progress.failed < progress.total) {
      await new Promise((r) => setTimeout(r, 250));
      progress = await templateProgress(stack.commandDeps, templateId);
    }
    const seconds = (performance.now() - started) / 1000;
    const counts = account.locationIds.map(
      (id) => (store.state.posts[id] ?? []).filter((p) => String(p.resource.summary ?? '').startsWith('Bench post for ')).length,
    );
    return {
      locations: options.locations,
      postsPerMinute: Math.round((progress.done / seconds) * 60 * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      duplicates: counts.reduce((s, n) => s + Math.max(0, n - 1), 0),
      lost: counts.filter((n) => n === 0).length,
      failed: progress.failed,
      quotaRejections: rejections,
    };
  } finally {
    await stack.shutdown(5_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
