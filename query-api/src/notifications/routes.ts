import { getNotificationPreferencesRoute, NOTIFICATION_PREFERENCES_COLLECTION, notificationErrors, type NotificationPreferencesDoc } from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';

export function notificationsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  return [
    implement(getNotificationPreferencesRoute, async (req) => {
      const companyId = callerCompanyId(req, () => fail(notificationErrors.noCompany));
      const doc = await deps.readModels
        .collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES_COLLECTION)
        .findOne({ _id: req.auth!.userId, companyId });
      return ok({
        AlertMaxStars: doc?.alertMaxStars ?? null,
        Digest: doc?.digest ?? 'off',
        UnsubscribedAt: doc?.unsubscribedAt ?? null,
        LastDigestAt: doc?.lastDigestAt ?? null,
      });
    }),
  ];
}
