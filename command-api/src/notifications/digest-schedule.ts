import { notificationsStream } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { handleCommand, loadStream, systemMetadata, type ScheduleDefinition } from '../kit';
import { digestRows, lastPeriod } from './digest';
import { digestMail } from './mails';
import { digestKey, notificationsDecider } from './notifications-decider';
import { preferencesOf, recipientOf, reviewsUrlOf } from './recipients';
import { unsubscribeHeaders, unsubscribeSigner } from './unsubscribe';

/**
 * The review digests: every `LOCUS_DIGEST_TICK_MS`, each user whose day or week has ended and
 * who has no `ReviewDigestMailed` for it on `notifications-<userId>` gets one. Under the
 * scheduler's lease, one process mails.
 */
export function notificationsSchedules(deps: CommandDeps): ScheduleDefinition[] {
  const signer = unsubscribeSigner(deps.config);
  const reviewsUrl = reviewsUrlOf(deps);

  async function sendDueDigests(signal: AbortSignal): Promise<void> {
    const now = deps.clock.now();
    for (const prefs of await preferencesOf(deps).find({ digest: { $in: ['daily', 'weekly'] } })) {
      if (signal.aborted) return;
      const frequency: 'daily' | 'weekly' = prefs.digest === 'daily' ? 'daily' : 'weekly';
      const period = lastPeriod(frequency, now);
      // The first digest is of the first period that ends after it was turned on.
      if (!prefs.digestSince || period.end.toISOString() <= prefs.digestSince) continue;
      if (prefs.lastDigestAt && prefs.lastDigestAt >= period.end.toISOString() && prefs.lastDigestFrequency === frequency) continue;
      const who = await recipientOf(deps, prefs);
      if (!who) continue;
      const stream = notificationsStream(prefs.userId);
      const periodStart = period.start.toISOString();
      const { state } = await loadStream(deps.eventStore, stream, notificationsDecider);
      if (state.digestsMailed.has(digestKey(frequency, periodStart))) continue;
      const rows = await digestRows(deps.readModels, prefs.companyId, who.scope, period);
      const { name: _all, ...totals } = rows[0]!;
      const digest = { frequency, periodStart, periodEnd: period.end.toISOString(), rows };
      await deps.mailer.send(digestMail(who.user.email, digest, reviewsUrl, unsubscribeHeaders(deps, signer, prefs.userId, 'digest')));
      await handleCommand({
        eventStore: deps.eventStore,
        streamName: stream,
        decider: notificationsDecider,
        command: {
          type: 'RecordDigest',
          userId: prefs.userId,
          companyId: prefs.companyId,
          email: who.user.email,
          frequency,
          periodStart,
          periodEnd: digest.periodEnd,
          totals,
        },
        metadata: systemMetadata(deps, prefs.companyId),
        newId: () => deps.ids.uuid(),
      });
    }
  }

  return [{ name: 'notifications-review-digests', everyMs: deps.config.notifications.digestTickMs, run: sendDueDigests }];
}
