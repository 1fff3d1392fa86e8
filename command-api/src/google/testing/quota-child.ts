import { createInterface } from 'node:readline';
import { createRedisRateLimits } from '@locus/platform/rate-limit/rate-limits';
import { createGoogleBusinessClient } from '../client';
import type { GoogleEndpoints, GoogleTokens } from '../oauth';
import { createLocationWriteQueue } from '../write-queue';

// One Locus process's Google traffic for the shared-quota test: `EDITS` edits of one location and
// `READS` reads across locations, through a write queue whose budget is in Redis (as with
// REDIS_URL), started when the parent writes "go" so that both processes send at once.
const env = process.env;
const config = JSON.parse(env.QUOTA_ENDPOINTS!) as GoogleEndpoints;
const tokens = JSON.parse(env.QUOTA_TOKENS!) as GoogleTokens;
const locations = JSON.parse(env.QUOTA_LOCATIONS!) as string[];
const windowMs = Number(env.QUOTA_WINDOW_MS);
const rateLimits = await createRedisRateLimits(env.REDIS_URL!, { budgetPrefix: env.QUOTA_PREFIX! });
const writeQueue = createLocationWriteQueue({ windowMs, projectRequestsPerWindow: 300, budget: rateLimits.windowBudget! });
const client = createGoogleBusinessClient({ config, tokens, writeQueue });

process.stdout.write('ready\n');
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));

const outcome = { ok: 0, failed: [] as string[] };
const tally = (p: Promise<unknown>) =>
  p.then(
    () => void outcome.ok++,
    (err: Error) => void outcome.failed.push(err.message),
  );
const [first] = locations;
await Promise.all([
  ...Array.from({ length: Number(env.QUOTA_EDITS) }, (_, i) =>
    tally(client.updateLocation(first!, { profile: { description: `${env.QUOTA_NAME} edit ${i}` } }, ['profile.description'])),
  ),
  ...Array.from({ length: Number(env.QUOTA_READS) }, (_, i) => tally(client.getLocation(locations[i % locations.length]!, 'name,title'))),
]);
process.stdout.write(`${JSON.stringify(outcome)}\n`);
await rateLimits.close();
process.exit(0);
