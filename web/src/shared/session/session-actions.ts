import { clearStoredToken, readStoredToken, storeToken } from './token-storage';

/** Full reloads are the spec's way to enter a new session (login, switch company, logout). */
export const startSessionAndGo = (token: string, path?: string): void => {
  storeToken(token);
  if (path) window.location.assign(path);
  else window.location.reload();
};

/** This browser forgets the session (the server already ended it, e.g. a logout notification). */
export const dropSession = (): void => {
  clearStoredToken();
  window.location.reload();
};

/**
 * The user's Logout: the server ends the session first, so the token stops working everywhere
 * (a copy of it elsewhere too), then this browser forgets it. If the server cannot be reached
 * the browser still forgets it.
 */
export const logout = async (): Promise<void> => {
  const token = readStoredToken();
  if (token) {
    await fetch('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => undefined);
  }
  dropSession();
};

/** Used when the token expired or a call answered 401. */
export const endSessionAndGoToLogin = (): void => {
  clearStoredToken();
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
