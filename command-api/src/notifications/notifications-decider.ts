import type { DigestCounts, DigestFrequency, NotificationEvent } from '@locus/contracts';
import type { Decider } from '../kit/decider';

/** Aggregate `notifications-<userId>`: the user's mail preferences and the digest periods already mailed. */
export interface NotificationsState {
  alertMaxStars: number | null;
  digest: DigestFrequency;
  digestsMailed: ReadonlySet<string>;
}

export type NotificationsCommand =
  | { type: 'SetPreferences'; userId: string; companyId: string; alertMaxStars: number | null; digest: DigestFrequency }
  | { type: 'Unsubscribe'; userId: string; companyId: string; from: 'alert' | 'digest' }
  | {
      type: 'RecordDigest';
      userId: string;
      companyId: string;
      email: string;
      frequency: 'daily' | 'weekly';
      periodStart: string;
      periodEnd: string;
      totals: DigestCounts;
    };

export const digestKey = (frequency: string, periodStart: string) => `${frequency}:${periodStart}`;

export function decideNotifications(command: NotificationsCommand, state: NotificationsState): NotificationEvent[] {
  const { userId, companyId } = command;
  switch (command.type) {
    case 'SetPreferences':
      return [{ type: 'NotificationPreferencesSet', data: { userId, companyId, alertMaxStars: command.alertMaxStars, digest: command.digest } }];
    case 'Unsubscribe':
      // A second click (or a mail client's prefetch, then the click) changes nothing.
      if (state.alertMaxStars === null && state.digest === 'off') return [];
      return [{ type: 'NotificationsUnsubscribed', data: { userId, companyId, from: command.from } }];
    case 'RecordDigest': {
      if (state.digestsMailed.has(digestKey(command.frequency, command.periodStart))) return [];
      const { email, frequency, periodStart, periodEnd, totals } = command;
      return [{ type: 'ReviewDigestMailed', data: { userId, companyId, email, frequency, periodStart, periodEnd, totals } }];
    }
  }
}

export function evolveNotifications(state: NotificationsState, event: NotificationEvent): NotificationsState {
  switch (event.type) {
    case 'NotificationPreferencesSet':
      return { ...state, alertMaxStars: event.data.alertMaxStars, digest: event.data.digest };
    case 'NotificationsUnsubscribed':
      return { ...state, alertMaxStars: null, digest: 'off' };
    case 'ReviewDigestMailed':
      return { ...state, digestsMailed: new Set([...state.digestsMailed, digestKey(event.data.frequency, event.data.periodStart)]) };
  }
}

export const notificationsDecider: Decider<NotificationsState, NotificationsCommand, NotificationEvent> = {
  initialState: () => ({ alertMaxStars: null, digest: 'off', digestsMailed: new Set() }),
  evolve: evolveNotifications,
  decide: decideNotifications,
};
