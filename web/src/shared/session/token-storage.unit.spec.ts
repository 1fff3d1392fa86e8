import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStoredToken, storeToken, takeValidToken, TOKEN_STORAGE_KEY } from './token-storage';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenExpiringAt = (expSec: number) => `${b64url({ alg: 'HS256' })}.${b64url({ UserId: 'u', RoleId: 'CompanyUser', fullName: 'U', exp: expSec })}.sig`;

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('stored token', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it('lives under the fixed key', () => {
    storeToken('abc');
    expect(localStorage.getItem('locus.token')).toBe('abc');
    expect(TOKEN_STORAGE_KEY).toBe('locus.token');
  });

  it('hands out a valid token and keeps it', () => {
    const now = 1_700_000_000_000;
    const token = tokenExpiringAt(now / 1000 + 60);
    storeToken(token);
    expect(takeValidToken(now)).toBe(token);
    expect(readStoredToken()).toBe(token);
  });

  it('removes an expired token before use', () => {
    const now = 1_700_000_000_000;
    storeToken(tokenExpiringAt(now / 1000 - 1));
    expect(takeValidToken(now)).toBeNull();
    expect(readStoredToken()).toBeNull();
  });

  it('removes an unreadable token', () => {
    storeToken('garbage');
    expect(takeValidToken(0)).toBeNull();
    expect(readStoredToken()).toBeNull();
  });
});
