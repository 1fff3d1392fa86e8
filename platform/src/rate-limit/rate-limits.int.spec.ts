import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { createMemoryRateLimits, createRedisRateLimits, type RateLimits } from './rate-limits';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const refusal = { code: 'TEST.TOO_MANY', message: 'Too many' };

function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => (socket.destroy(), resolve(ok));
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function refusedWith(attempt: Promise<void>): Promise<AppError> {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function limitsContract(name: string, open: () => Promise<RateLimits>) {
  describe(`rate limits (${name})`, () => {
    const opened: RateLimits[] = [];
    const limits = async () => {
      const l = await open();
      opened.push(l);
      return l;
    };
    afterAll(async () => {
      for (const l of opened) await l.close();
    });

    it('lets `points` attempts through, then answers 429 with the seconds to wait', async () => {
      const limiter = (await limits()).limiter({ name: `t-${randomUUID()}`, points: 3, durationSeconds: 60 });
      for (let i = 0; i < 3; i++) await limiter.consume('k', refusal);
      const refused = await refusedWith(limiter.consume('k', refusal));
      expect(refused.status).toBe(429);
      expect(refused.code).toBe('TEST.TOO_MANY');
      expect(refused.retryAfterSeconds).toBeGreaterThan(50);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      await limiter.consume('other-key', refusal);
    });

    it('gives an attempt back on refund and forgets a key on reset', async () => {
      const limiter = (await limits()).limiter({ name: `t-${randomUUID()}`, points: 2, durationSeconds: 60 });
      await limiter.consume('k', refusal);
      await limiter.consume('k', refusal);
      await limiter.refund('k');
      await limiter.consume('k', refusal);
      await refusedWith(limiter.consume('k', refusal));
      await limiter.reset('k');
      await limiter.consume('k', refusal);
    });
  });
}

limitsContract('memory', async () => createMemoryRateLimits());

const redisUp = await reachable(REDIS_URL);
if (redisUp) {
  limitsContract('Redis', () => createRedisRateLimits(REDIS_URL));

  describe('rate limits shared through Redis', () => {
    it('counts attempts made through two processes (replicas) and after a restart against one limit', async () => {
      const rule = { name: `shared-${randomUUID()}`, points: 4, durationSeconds: 60 };
      const replicaA = await createRedisRateLimits(REDIS_URL);
      const replicaB = await createRedisRateLimits(REDIS_URL);
      try {
        await replicaA.limiter(rule).consume('10.0.0.1', refusal);
        await replicaB.limiter(rule).consume('10.0.0.1', refusal);
        await replicaA.limiter(rule).consume('10.0.0.1', refusal);
      } finally {
        await replicaA.close();
      }
      const restarted = await createRedisRateLimits(REDIS_URL);
      try {
        await replicaB.limiter(rule).consume('10.0.0.1', refusal);
        expect((await refusedWith(restarted.limiter(rule).consume('10.0.0.1', refusal))).status).toBe(429);
      } finally {
        await restarted.close();
        await replicaB.close();
      }
    });
  });
} else if (process.env.CI === 'true') {
  it('reaches Redis for the shared rate limits', () => {
    throw new Error(`No Redis at ${REDIS_URL}; CI must exercise the shared rate-limit store`);
  });
} else {
  describe.skip(`Redis rate limits — NOT RUN: no Redis at ${REDIS_URL}`, () => {
    it('shares limits across replicas', () => undefined);
  });
}
