import {
  NOTIFICATION_PREFERENCES_COLLECTION,
  type CompanyDeletedEvent,
  type NotificationEvent,
  type NotificationPreferencesDoc,
  type UserEvent,
} from '@locus/contracts';
import type { ProjectionDefinition } from '@locus/platform/ports';

type HandledEvent = NotificationEvent | Extract<UserEvent, { type: 'UserDeleted' }> | CompanyDeletedEvent;

/** Each user's mail notification preferences (`notification-preferences`), read by the profile page and the notification reactors. */
export const notificationsProjection: ProjectionDefinition<HandledEvent> = {
  name: 'notifications',
  version: 1,
  collections: [{ name: NOTIFICATION_PREFERENCES_COLLECTION, indexes: [{ key: { companyId: 1, alertMaxStars: 1 } }, { key: { digest: 1 } }] }],
  handles: ['NotificationPreferencesSet', 'NotificationsUnsubscribed', 'ReviewDigestMailed', 'UserDeleted', 'CompanyDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    if (event.type === 'UserDeleted') return docs.delete(NOTIFICATION_PREFERENCES_COLLECTION, event.data.userId);
    if (event.type === 'CompanyDeleted') {
      for (const d of await docs.find(NOTIFICATION_PREFERENCES_COLLECTION, { companyId: event.data.companyId }))
        docs.delete(NOTIFICATION_PREFERENCES_COLLECTION, d._id);
      return;
    }
    const d = event.data;
    const before = await docs.get<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES_COLLECTION, d.userId);
    const doc: NotificationPreferencesDoc = before ?? {
      _id: d.userId,
      userId: d.userId,
      companyId: d.companyId,
      alertMaxStars: null,
      digest: 'off',
      unsubscribedAt: null,
      updatedAt: at,
      alertsSince: null,
      digestSince: null,
      lastDigestAt: null,
      lastDigestFrequency: null,
    };
    switch (event.type) {
      case 'NotificationPreferencesSet': {
        const { alertMaxStars, digest } = event.data;
        docs.put(NOTIFICATION_PREFERENCES_COLLECTION, {
          ...doc,
          companyId: d.companyId,
          alertMaxStars,
          digest,
          unsubscribedAt: null,
          updatedAt: at,
          alertsSince: alertMaxStars === null ? null : doc.alertMaxStars === null ? at : doc.alertsSince,
          digestSince: digest === 'off' ? null : digest !== doc.digest ? at : doc.digestSince,
        });
        return;
      }
      case 'NotificationsUnsubscribed':
        docs.put(NOTIFICATION_PREFERENCES_COLLECTION, {
          ...doc,
          alertMaxStars: null,
          digest: 'off',
          alertsSince: null,
          digestSince: null,
          unsubscribedAt: at,
          updatedAt: at,
        });
        return;
      case 'ReviewDigestMailed':
        docs.put(NOTIFICATION_PREFERENCES_COLLECTION, { ...doc, lastDigestAt: event.data.periodEnd, lastDigestFrequency: event.data.frequency });
        return;
    }
  },
};

export const projections: ProjectionDefinition[] = [notificationsProjection];
