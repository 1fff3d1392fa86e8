import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { WindowBudget } from './rate-limit-port';

/**
 * A sliding log per key in a Redis sorted set (member: token id, score: when it was spent or
 * settled, by Redis's own clock): every process sees the same tokens and the same time, so
 * together they never put more than `limit` inside any window. One script call per take.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < limit then
  -- In flight until settled: counted as spent in the future, so it cannot leave the window
  -- before its request has reached Google (a process that died lets it go after pending ms).
  local pending = tonumber(ARGV[4])
  redis.call('ZADD', KEYS[1], now + pending, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window + pending * 2)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, math.min(window, tonumber(oldest[2]) + window - now))
`;

const SETTLE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], 3600000)
return 1
`;

/** How long a token taken by a process that never settles it (it died mid-request) still counts. */
const PENDING_MS = 120_000;

export function createRedisWindowBudget(client: Redis, prefix = 'locus:budget:'): WindowBudget {
  return {
    async take(key, limit, windowMs) {
      const token = randomUUID();
      const waitMs = Number(await client.eval(TAKE, 1, prefix + key, String(limit), String(windowMs), token, String(PENDING_MS)));
      return waitMs === 0 ? { token } : { waitMs };
    },
    async settle(key, token) {
      await client.eval(SETTLE, 1, prefix + key, token);
    },
  };
}
