import { LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION as LOGOUT, type LogoutDeletedCompanyUsersPayload } from '@locus/contracts';
import type { AuthContext, Bus, BusSubscription, SseChannel } from '@locus/platform';

type Session = Pick<AuthContext, 'userId' | 'companyId' | 'adminUserId' | 'tokenId'>;

/**
 * Whether a logout notification ends a live session: on a user's subject it ends that user's
 * sessions (and an administrator's sessions viewing a company) but the one that changed the
 * password (`ExceptTokenId`), or only the one logged out of (`TokenId`); on a company's subject
 * it ends every session in that company. The same sessions the session check refuses.
 */
export function endsLiveSession(scope: 'user' | 'company', payload: Partial<LogoutDeletedCompanyUsersPayload>, session: Session): boolean {
  if (scope === 'company') return !!payload.CompanyId && payload.CompanyId === session.companyId;
  if (!payload.UserId || (payload.UserId !== session.userId && payload.UserId !== session.adminUserId)) return false;
  if (payload.TokenId !== undefined) return payload.TokenId === session.tokenId;
  if (payload.ExceptTokenId !== undefined) return payload.ExceptTokenId !== session.tokenId;
  return true;
}

export interface SessionEnder {
  /** Watches one stream's session; the returned function stops watching it. */
  watch(channel: SseChannel, session: Session): () => void;
}

/**
 * Closes the live streams of sessions that end (password change or reset, deactivation,
 * deletion, company deactivated, logout) as the logout notification arrives: one bus
 * subscription per subject kind for the whole process while any stream is open.
 * The stream gets the notification, then ends; the session check refuses its reconnection.
 */
export function createSessionEnder(bus: Bus): SessionEnder {
  const byUser = new Map<string, Set<{ channel: SseChannel; session: Session }>>();
  const byCompany = new Map<string, Set<{ channel: SseChannel; session: Session }>>();
  let subscriptions: BusSubscription[] = [];

  const add = (map: typeof byUser, key: string, entry: { channel: SseChannel; session: Session }) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(entry);
  };
  const remove = (map: typeof byUser, key: string, entry: { channel: SseChannel; session: Session }) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) map.delete(key);
  };

  const end = (scope: 'user' | 'company', key: string, data: unknown) => {
    const payload = ((data as { payload?: unknown } | null)?.payload ?? {}) as Partial<LogoutDeletedCompanyUsersPayload>;
    for (const entry of [...((scope === 'user' ? byUser : byCompany).get(key) ?? [])]) {
      if (!endsLiveSession(scope, payload, entry.session) || entry.channel.closed) continue;
      entry.channel.send(data, { event: 'notification' });
      // Written now: closing drops what still waits for the end of the turn.
      entry.channel.flush();
      entry.channel.close();
    }
  };

  const keyOf = (subject: string) => subject.split('.')[2] ?? '';
  const subscribe = () => {
    if (subscriptions.length) return;
    subscriptions = [
      bus.subscribe(`live.user.*.notify.${LOGOUT}`, (m) => end('user', keyOf(m.subject), m.data)),
      bus.subscribe(`live.company.*.notify.${LOGOUT}`, (m) => end('company', keyOf(m.subject), m.data)),
    ];
  };

  return {
    watch(channel, session) {
      subscribe();
      const entry = { channel, session };
      const users = [session.userId, ...(session.adminUserId && session.adminUserId !== session.userId ? [session.adminUserId] : [])];
      for (const user of users) add(byUser, user, entry);
      if (session.companyId) add(byCompany, session.companyId, entry);
      return () => {
        for (const user of users) remove(byUser, user, entry);
        if (session.companyId) remove(byCompany, session.companyId, entry);
        // The last stream gone, the process holds no subscription for nobody.
        if (byUser.size === 0 && byCompany.size === 0) {
          for (const subscription of subscriptions) subscription.unsubscribe();
          subscriptions = [];
        }
      };
    },
  };
}
