import { isTokenUsable } from './current-user';

/** Fixed local-storage key of the access token. */
export const TOKEN_STORAGE_KEY = 'locus.token';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const readStoredToken = (): string | null => storage()?.getItem(TOKEN_STORAGE_KEY) ?? null;

export const storeToken = (token: string): void => {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
};

export const clearStoredToken = (): void => {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
};

/** The stored token when still valid; an expired or unreadable token is removed and null returned. */
export const takeValidToken = (nowMs: number = Date.now()): string | null => {
  const token = readStoredToken();
  if (!token) return null;
  if (isTokenUsable(token, nowMs)) return token;
  clearStoredToken();
  return null;
};
