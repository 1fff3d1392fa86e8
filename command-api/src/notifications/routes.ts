import {
  NOTIFICATION_PREFERENCES_COLLECTION,
  notificationErrors,
  notificationsStream,
  parseUnsubscribeLinkId,
  saveNotificationPreferencesRoute,
  unsubscribeByLinkPageRoute,
  unsubscribeByLinkRoute,
  type NotificationPreferencesDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { eventMetadata, handleCommand } from '../kit';
import { notificationsDecider, type NotificationsCommand } from './notifications-decider';
import { unsubscribeSigner } from './unsubscribe';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

const PAGE = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
  `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem"><h1>${title}</h1><p>${text}</p></body></html>`;

export function notificationsCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const signer = unsubscribeSigner(deps.config);

  const run = (req: Req, userId: string, companyId: string, command: NotificationsCommand) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: notificationsStream(userId),
      decider: notificationsDecider,
      command,
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });

  /** The link's user, unsubscribed; a link whose user set no preferences has nothing to stop. */
  const unsubscribe = async (req: Req, token: string) => {
    const verified = signer.verify(token, deps.clock.now());
    const target = verified.ok ? parseUnsubscribeLinkId(verified.id) : null;
    if (!target) throw fail(notificationErrors.linkInvalid);
    const prefs = await deps.readModels.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES_COLLECTION).findOne({ _id: target.userId });
    if (!prefs) return undefined;
    const result = await run(req, target.userId, prefs.companyId, {
      type: 'Unsubscribe',
      userId: target.userId,
      companyId: prefs.companyId,
      from: target.from,
    });
    return result.position;
  };

  return [
    implement(saveNotificationPreferencesRoute, async (req) => {
      const companyId = callerCompanyId(req, () => fail(notificationErrors.noCompany));
      const userId = req.auth!.userId;
      const result = await run(req, userId, companyId, {
        type: 'SetPreferences',
        userId,
        companyId,
        alertMaxStars: req.body.AlertMaxStars,
        digest: req.body.Digest,
      });
      return ok(undefined, { message: 'Notification settings saved', position: result.position });
    }),
    implement(unsubscribeByLinkRoute, async (req) => {
      const position = await unsubscribe(req, req.params.token);
      return ok(undefined, {
        message: 'You are unsubscribed: Locus will send you no more review alerts or digests.',
        ...(position !== undefined ? { position } : {}),
      });
    }),
    implement(unsubscribeByLinkPageRoute, async (req) => {
      const position = await unsubscribe(req, req.params.token);
      return {
        body: PAGE('You are unsubscribed', 'Locus will send you no more review alerts or digests. You can turn them on again on your profile page.'),
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
        ...(position !== undefined ? { position } : {}),
      };
    }),
  ];
}
