import { useEffect, useRef } from 'react';

/** Notification names sent over the live channel (spec part 1 §7, real-time hub). */
export const LiveNotifications = {
  logoutDeletedCompanyUsers: 'LogoutDeletedCompanyUsersNotification',
  connectAccountsProgress: 'ConnectAccountsProgressNotification',
  locationEmailsImportProgress: 'LocationEmailsImportProgressNotification',
} as const;

type Listener = (payload: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

export const subscribeNotification = (name: string, listener: Listener): (() => void) => {
  let set = listeners.get(name);
  if (!set) {
    set = new Set();
    listeners.set(name, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
};

export const publishNotification = (name: string, payload: unknown): void => {
  for (const listener of [...(listeners.get(name) ?? [])]) listener(payload);
};

/** Runs `handler` for each notification of that name while the component is mounted. */
export const useLiveNotification = (name: string, handler: (payload: unknown) => void): void => {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => subscribeNotification(name, (p) => ref.current(p)), [name]);
};
