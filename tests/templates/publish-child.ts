import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import {
  cancelTemplateSchedule,
  importAndPublish,
  importBenchAccount,
  saveStandardTemplate,
  templateProgress,
} from '@locus/command-api/templates/testing/publish-fixture';
import { startLocusStack } from '../../deploy/src/stack';

/**
 * The Locus server of the restart tests (publish-crash and schedule-restart), against the
 * parent's sandbox.
 * - CHILD_MODE=seed imports the benchmark account, saves a template and publishes it to every
 *   location (`published <templateId> <n>`), then follows it like `resume`.
 * - CHILD_MODE=schedule imports the account, saves a template scheduled SCHEDULE_IN_MS ahead and
 *   a second one scheduled alike then cancelled (`scheduled <templateId> <cancelledId> <date>`),
 *   then prints its progress until it is killed.
 * - CHILD_MODE=resume prints `progress <done> <failed> <total>` of TEMPLATE_ID until every
 *   location has an outcome; with CANCELLED_ID it then waits until WAIT_UNTIL (an ISO time) and
 *   prints `cancelled <status> <total>` of that template. Then `finished`, and it stops.
 */
const env = process.env;
const config = loadConfig(env, { sandboxByDefault: true });
const stack = await startLocusStack(config, { startSandbox: false, serveWeb: false, logger: createLogger({ name: 'restart-child', level: 'warn' }) });
const deps = stack.commandDeps;
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
say(`ready ${new Date().toISOString()}`);

let templateId = env.TEMPLATE_ID ?? '';
const account = { googleUserEmail: env.BENCH_EMAIL!, accountName: env.BENCH_ACCOUNT! };
if (env.CHILD_MODE === 'seed') {
  const published = await importAndPublish(deps, { ...account, content: '<p>Crash test at @BusinessName, @City</p>' });
  templateId = published.templateId;
  say(`published ${templateId} ${published.locationIds.length}`);
} else if (env.CHILD_MODE === 'schedule') {
  const company = await importBenchAccount(deps, account);
  const scheduleDate = new Date(Date.now() + Number(env.SCHEDULE_IN_MS ?? 10_000)).toISOString();
  templateId = await saveStandardTemplate(deps, company, '<p>Scheduled at @BusinessName, @City</p>', scheduleDate);
  const cancelledId = await saveStandardTemplate(deps, company, '<p>Cancelled at @BusinessName</p>', scheduleDate);
  await cancelTemplateSchedule(deps, company.companyId, cancelledId);
  say(`scheduled ${templateId} ${cancelledId} ${scheduleDate}`);
  for (;;) {
    const p = await templateProgress(deps, templateId);
    if (p) say(`progress ${p.done} ${p.failed} ${p.total}`);
    await sleep(200);
  }
}

for (;;) {
  const p = await templateProgress(deps, templateId);
  if (p) say(`progress ${p.done} ${p.failed} ${p.total}`);
  if (p && p.total > 0 && p.done + p.failed >= p.total) break;
  await sleep(50);
}
if (env.CANCELLED_ID) {
  await sleep(Math.max(0, Date.parse(env.WAIT_UNTIL ?? '') - Date.now()));
  const cancelled = await templateProgress(deps, env.CANCELLED_ID);
  say(`cancelled ${cancelled?.status} ${cancelled?.total}`);
}
say('finished');
await stack.shutdown(5_000);
process.exit(0);
