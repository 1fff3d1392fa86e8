import { createContext, useContext } from 'react';
import type { CurrentUser } from './current-user';

export const SessionContext = createContext<CurrentUser | null>(null);

/** Replaces the stored token and the user shown (same session, fresher claims: name, company, picture). */
export const SessionRenewContext = createContext<(token: string) => void>(() => undefined);
export const useRenewSession = () => useContext(SessionRenewContext);

/** The signed-in user, or null for a visitor. A new session always reloads the page. */
export const useCurrentUser = (): CurrentUser | null => useContext(SessionContext);

/** For screens behind an authenticated guard. */
export const useSignedInUser = (): CurrentUser => {
  const user = useContext(SessionContext);
  if (!user) throw new Error('useSignedInUser used outside an authenticated route');
  return user;
};
