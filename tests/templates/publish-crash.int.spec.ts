import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { freePort } from '../../deploy/src/free-port';
import { childEnv, runChild } from './child-server';

/**
 * A server killed with SIGKILL in the middle of a 500-location publish, started
 * again, ends with exactly 500 posts on Google (no duplicate, none missing). The sandbox runs
 * here, outside the killed process, so what Google received survives the kill.
 */
const LOCATIONS = 500;
const KILL_AT = 150;

describe('template publishing survives SIGKILL', () => {
  let sandbox: RunningSandbox;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-template-crash-'));

  beforeAll(async () => {
    sandbox = await startSandbox({ httpPort: await freePort(), smtpPort: await freePort(), dataDir: path.join(dataDir, 'sandbox') });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('ends with exactly one post per location after a kill mid-publish and a restart', async () => {
    const store = sandbox.google!.store;
    const account = store.ensureBenchAccount(LOCATIONS);
    const owner = store.user(account.members[0]!.sub)!;
    const env = childEnv(sandbox, dataDir, await freePort(), account, owner.email);

    let templateId = '';
    let doneAtKill = -1;
    const first = runChild({ ...env, CHILD_MODE: 'seed' }, (line, run) => {
      const published = /^published (\S+)/.exec(line);
      if (published) templateId = published[1]!;
      const progress = /^progress (\d+) (\d+) (\d+)/.exec(line);
      if (progress && doneAtKill < 0 && Number(progress[1]) >= KILL_AT) {
        doneAtKill = Number(progress[1]);
        run.proc.kill('SIGKILL');
      }
    });
    const firstExit = await first.done;
    expect(firstExit.signal).toBe('SIGKILL');
    expect(templateId).not.toBe('');
    expect(doneAtKill).toBeGreaterThanOrEqual(KILL_AT);
    expect(doneAtKill).toBeLessThan(LOCATIONS);

    const second = runChild({ ...env, CHILD_MODE: 'resume', TEMPLATE_ID: templateId }, () => undefined);
    const secondExit = await second.done;
    expect(secondExit.code).toBe(0);
    expect(second.lines.at(-2)).toBe(`progress ${LOCATIONS} 0 ${LOCATIONS}`);

    const counts = account.locationIds.map(
      (id) => (store.state.posts[id] ?? []).filter((p) => String(p.resource.summary ?? '').startsWith('Crash test at ')).length,
    );
    expect(counts).toHaveLength(LOCATIONS);
    expect(counts.filter((n) => n === 0)).toHaveLength(0);
    expect(counts.filter((n) => n > 1)).toHaveLength(0);
  }, 600_000);
});
