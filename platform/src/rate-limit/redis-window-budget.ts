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
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window * 2)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

const SETTLE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
return 1
`;

export function createRedisWindowBudget(client: Redis, prefix = 'locus:budget:'): WindowBudget {
  return {
    async take(key, limit, windowMs) {
      const token = randomUUID();
      const waitMs = Number(await client.eval(TAKE, 1, prefix + key, String(limit), String(windowMs), token));
      return waitMs === 0 ? { token } : { waitMs };
    },
    async settle(key, token) {
      await client.eval(SETTLE, 1, prefix + key, token);
    },
  };
}
