import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createLocusBaseQuery, STALE_READ_RETRIES } from './base-query';
import { createPositionTracker } from './position-tracker';
import { readStoredToken, storeToken } from '@web/shared/session/token-storage';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const NOW = 1_750_000_000_000;
const token = (expSec: number) => `${b64url({ alg: 'HS256' })}.${b64url({ UserId: 'u', RoleId: 'CompanyAdmin', fullName: 'U', exp: expSec })}.sig`;

const memoryStorage = (): Storage => {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
};

const queryApi = (): BaseQueryApi => ({
  signal: new AbortController().signal,
  abort: () => undefined,
  dispatch: vi.fn(),
  getState: () => ({}),
  extra: undefined,
  endpoint: 'test',
  type: 'query',
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('Locus base query', () => {
  beforeEach(() => Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true }));
  afterEach(() => Reflect.deleteProperty(globalThis, 'localStorage'));

  const setup = (response: () => Response) => {
    const seen: Request[] = [];
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      seen.push(input as Request);
      return response();
    }) as unknown as typeof fetch;
    const onSessionEnded = vi.fn();
    const positions = createPositionTracker(null);
    const baseQuery = createLocusBaseQuery({ positions, onSessionEnded, fetchFn, now: () => NOW, baseUrl: 'http://locus.test', sleep: async () => undefined });
    return { baseQuery, seen, onSessionEnded, positions };
  };

  it('adds the bearer token of a valid stored session', async () => {
    storeToken(token(NOW / 1000 + 600));
    const { baseQuery, seen } = setup(() => json(200, { Success: true, Data: [] }));
    const result = await baseQuery('/api/users', queryApi(), {});
    expect(result.error).toBeUndefined();
    expect(seen[0]?.headers.get('Authorization')).toBe(`Bearer ${token(NOW / 1000 + 600)}`);
  });

  it('clears an expired token before use, ends the session and sends no Authorization', async () => {
    storeToken(token(NOW / 1000 - 1));
    const { baseQuery, seen, onSessionEnded } = setup(() => json(401, { Success: false, ResponseMessage: 'x', ApiError: {} }));
    await baseQuery('/api/users', queryApi(), {});
    expect(readStoredToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalled();
    expect(seen[0]?.headers.get('Authorization')).toBeNull();
  });

  it('a 401 on an authenticated call clears the token and ends the session', async () => {
    storeToken(token(NOW / 1000 + 600));
    const { baseQuery, onSessionEnded } = setup(() =>
      json(401, { Success: false, ResponseMessage: 'Session ended', ApiError: { ErrorCode: 'AUTH.UNAUTHENTICATED' } }),
    );
    const result = await baseQuery('/api/users', queryApi(), {});
    expect(result.error?.status).toBe(401);
    expect(readStoredToken()).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a 401 of an anonymous call (wrong password) does not redirect', async () => {
    const { baseQuery, onSessionEnded } = setup(() => json(401, { Success: false, ResponseMessage: 'Invalid email or password.', ApiError: {} }));
    const result = await baseQuery({ url: '/api/auth/login', method: 'POST', body: {} }, queryApi(), {});
    expect(result.error?.status).toBe(401);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('remembers X-Position of a command and sends it back as X-Min-Position', async () => {
    let next = () => json(200, { Success: true }, { 'X-Position': '17' });
    const { baseQuery, seen, positions } = setup(() => next());
    await baseQuery({ url: '/api/users', method: 'POST', body: {} }, queryApi(), {});
    expect(positions.current()).toBe(17);
    expect(seen[0]?.headers.get('X-Min-Position')).toBeNull();
    next = () => json(200, { Success: true, Data: [] });
    await baseQuery('/api/users', queryApi(), {});
    expect(seen[1]?.headers.get('X-Min-Position')).toBe('17');
  });

  it('never lowers the remembered position', async () => {
    const positions = createPositionTracker(null);
    positions.record(20);
    positions.record(5);
    expect(positions.current()).toBe(20);
  });

  it('reports a 2xx envelope with Success false as an error', async () => {
    const { baseQuery } = setup(() => json(200, { Success: false, ResponseMessage: 'Nope' }));
    const result = await baseQuery('/api/x', queryApi(), {});
    expect(result.error).toEqual({ status: 200, data: { Success: false, ResponseMessage: 'Nope' } });
  });

  it('asks again for a read answered before the projections reached the last write, until it is fresh', async () => {
    const answers = [
      json(200, { Success: true, Data: 'old' }, { 'X-Position-Reached': 'false' }),
      json(200, { Success: true, Data: 'old' }, { 'X-Position-Reached': 'false' }),
      json(200, { Success: true, Data: 'new' }, { 'X-Position-Reached': 'true' }),
    ];
    const { baseQuery, seen } = setup(() => answers.shift()!);
    const result = await baseQuery('/api/companies/company-name', queryApi(), {});
    expect(result.data).toEqual({ Success: true, Data: 'new' });
    expect(seen).toHaveLength(3);
  });

  it('gives a stale read up after a bounded number of tries, and never repeats a command', async () => {
    const { baseQuery, seen } = setup(() => json(200, { Success: true, Data: 'old' }, { 'X-Position-Reached': 'false' }));
    const result = await baseQuery('/api/companies/company-name', queryApi(), {});
    expect(result.data).toEqual({ Success: true, Data: 'old' });
    expect(seen).toHaveLength(1 + STALE_READ_RETRIES);
    await baseQuery({ url: '/api/users', method: 'POST', body: {} }, queryApi(), {});
    expect(seen).toHaveLength(2 + STALE_READ_RETRIES);
  });
});
