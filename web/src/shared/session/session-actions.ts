import { clearStoredToken, storeToken } from './token-storage';

/** Full reloads are the spec's way to enter a new session (login, switch company, logout). */
export const startSessionAndGo = (token: string, path?: string): void => {
  storeToken(token);
  if (path) window.location.assign(path);
  else window.location.reload();
};

export const logout = (): void => {
  clearStoredToken();
  window.location.reload();
};

/** Used when the token expired or a call answered 401. */
export const endSessionAndGoToLogin = (): void => {
  clearStoredToken();
  if (window.location.pathname !== '/login') window.location.assign('/login');
};
