import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { rateLimited } from '../http/errors';
import type { RateLimiter, RateLimitRule, RateLimits, WindowBudget } from './rate-limit-port';
import { createRedisWindowBudget } from './redis-window-budget';

export type { RateLimitRefusal, RateLimiter, RateLimitRule, RateLimits, WindowBudget } from './rate-limit-port';

const wrap = (limiter: RateLimiterAbstract): RateLimiter => ({
  async consume(key, refusal) {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw rateLimited(refusal.code, refusal.message, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
    }
  },
  async refund(key) {
    await limiter.reward(key, 1);
  },
  async reset(key) {
    await limiter.delete(key);
  },
});

const memoryLimiter = (rule: RateLimitRule) => new RateLimiterMemory({ keyPrefix: rule.name, points: rule.points, duration: rule.durationSeconds });

/** Limits in this process's memory (embedded mode: one process holds them). */
export function createMemoryRateLimits(): RateLimits {
  return { kind: 'memory', limiter: (rule) => wrap(memoryLimiter(rule)), close: async () => undefined };
}

/**
 * Limits in Redis, shared by every replica and kept across restarts. While Redis cannot be
 * reached, each process falls back to its own memory limits (rate-limiter-flexible's insurance
 * limiter) rather than failing sign-in.
 */
export async function createRedisRateLimits(url: string, options: { budgetPrefix?: string } = {}): Promise<RateLimits> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true });
  client.on('error', () => undefined); // reconnects by itself; the insurance limiter covers the gap
  await client.connect();
  const windowBudget: WindowBudget = createRedisWindowBudget(client, options.budgetPrefix);
  return {
    kind: 'redis',
    windowBudget,
    limiter: (rule) =>
      wrap(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `locus:rl:${rule.name}`,
          points: rule.points,
          duration: rule.durationSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memoryLimiter(rule),
        }),
      ),
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

export const createRateLimits = (redisUrl: string | undefined): Promise<RateLimits> =>
  redisUrl ? createRedisRateLimits(redisUrl) : Promise.resolve(createMemoryRateLimits());
