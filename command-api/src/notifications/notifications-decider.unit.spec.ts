import { describe, it } from 'vitest';
import type { NotificationEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { notificationsDecider, type NotificationsCommand } from './notifications-decider';

const spec = deciderSpec(notificationsDecider);
const who = { userId: 'u1', companyId: 'c1' };
const set: NotificationEvent = { type: 'NotificationPreferencesSet', data: { ...who, alertMaxStars: 2, digest: 'weekly' } };
const unsubscribed: NotificationEvent = { type: 'NotificationsUnsubscribed', data: { ...who, from: 'alert' } };
const totals = { newReviews: 4, unanswered: 1, averageRating: 4.25, previousAverageRating: 4 };
const digest: NotificationsCommand = {
  type: 'RecordDigest',
  ...who,
  email: 'ann@garcia.example',
  frequency: 'weekly',
  periodStart: '2026-11-16T00:00:00.000Z',
  periodEnd: '2026-11-23T00:00:00.000Z',
  totals,
};
const mailed: NotificationEvent = {
  type: 'ReviewDigestMailed',
  data: { ...who, email: 'ann@garcia.example', frequency: 'weekly', periodStart: '2026-11-16T00:00:00.000Z', periodEnd: '2026-11-23T00:00:00.000Z', totals },
};

describe('notifications decider', () => {
  it('sets preferences', () => {
    spec
      .given([])
      .when({ type: 'SetPreferences', ...who, alertMaxStars: 2, digest: 'weekly' })
      .then([set]);
  });

  it('unsubscribes once: a second click or a prefetch changes nothing', () => {
    spec
      .given([set])
      .when({ type: 'Unsubscribe', ...who, from: 'alert' })
      .then([unsubscribed]);
    spec
      .given([set, unsubscribed])
      .when({ type: 'Unsubscribe', ...who, from: 'digest' })
      .then([]);
    spec
      .given([])
      .when({ type: 'Unsubscribe', ...who, from: 'alert' })
      .then([]);
  });

  it('records a period’s digest once', () => {
    spec.given([set]).when(digest).then([mailed]);
    spec.given([set, mailed]).when(digest).then([]);
    spec
      .given([set, mailed])
      .when({ ...digest, periodStart: '2026-11-23T00:00:00.000Z', periodEnd: '2026-11-30T00:00:00.000Z' })
      .then([{ ...mailed, data: { ...mailed.data, periodStart: '2026-11-23T00:00:00.000Z', periodEnd: '2026-11-30T00:00:00.000Z' } } as NotificationEvent]);
  });
});
