import type { ReviewEvent, ReviewsAiEvent } from '@locus/contracts';

type ReviewReceived = Extract<ReviewEvent, { type: 'ReviewReceived' }>;
type ApprovalRequested = Extract<ReviewsAiEvent, { type: 'ReviewApprovalRequested' }>;
type ReadyToPost = Extract<ReviewsAiEvent, { type: 'AutoReplyReleased' | 'ReviewApprovalGranted' }>;
type ReplyByHand = Extract<ReviewEvent, { type: 'ReviewReplyRequested' | 'ReviewReplyPosted' }>;
import { AppError, PermanentReactorError, type CommandDeps, type ReactorDefinition } from '@locus/platform';
import { systemMetadata, type ScheduleDefinition } from '../kit';
import { firstMatchingRule } from './auto-reply-rules';
import { approvalLinkId, approvalPageLink } from '@locus/contracts';
import { approvalLinkSigner, automationService, isAlreadyAnswered } from './automation-service';
import { LlmDraftError } from './llm/llm-client';
import { PROMPT_VERSION } from './llm/review-reply-prompt';

/** Attempts at a draft (each with the client's own retries) before the failure is recorded and shown. */
const DRAFT_ATTEMPTS = 3;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The mail cannot know the reader's time zone, so it names UTC instead of showing a raw ISO stamp.
const MAIL_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
/** `2026-11-30T09:05:00.000Z` → `Nov 30, 2026, 9:05 AM UTC`. */
export const mailDateTime = (iso: string) => `${MAIL_DATE.format(new Date(iso))} UTC`;

export function approvalMail(
  to: string,
  link: string,
  review: { reviewerName: string; starRating: number; comment: string | null },
  reply: string,
  expiresAt: string,
) {
  const stars = '★'.repeat(review.starRating) + '☆'.repeat(5 - review.starRating);
  const quote = review.comment?.trim() || '(no text)';
  const until = mailDateTime(expiresAt);
  return {
    to,
    subject: `Approve the reply to ${review.reviewerName}'s ${review.starRating}-star review`,
    text: `${review.reviewerName} wrote (${stars}):\n${quote}\n\nThe AI drafted this reply:\n${reply}\n\nOpen this link to read, edit and approve it (usable once, valid until ${until}):\n${link}`,
    html: `<p><strong>${escapeHtml(review.reviewerName)}</strong> wrote (${stars}):</p><blockquote>${escapeHtml(quote)}</blockquote><p>The AI drafted this reply:</p><blockquote>${escapeHtml(reply)}</blockquote><p><a href="${escapeHtml(link)}">Review and approve the reply</a> (usable once, valid until ${escapeHtml(until)}).</p>`,
  };
}

/** The outbox's schedule: every `LOCUS_AUTO_REPLY_TICK_MS` the due drafts are posted (`releaseDue`). */
export function reviewsAiSchedules(deps: CommandDeps): ScheduleDefinition[] {
  const service = automationService(deps);
  return [{ name: 'reviews-ai-outbox', everyMs: deps.config.reviewsAi.tickMs, run: async (signal) => void (await service.releaseDue(signal)) }];
}

/**
 * The automation: a new review of a company with automation on is drafted and then, by the
 * company's first matching rule, scheduled in the outbox, sent for approval or left; the
 * outbox's schedule (above) posts the due drafts. Only reviews written after automation was switched on are
 * answered, never the history an import brings in.
 */
export function reviewsAiReactors(deps: CommandDeps): ReactorDefinition[] {
  const service = automationService(deps);
  const signer = approvalLinkSigner(deps.config);

  const automation: ReactorDefinition<ReviewReceived> = {
    name: 'reviews-ai-automation',
    handles: ['ReviewReceived'],
    maxAttempts: DRAFT_ATTEMPTS,
    async handle(event, ctx) {
      const review = event.data;
      const settings = await service.settingsOf(review.companyId);
      if (!settings.automateGoogleReviewsEnabled || !settings.enabledAt || review.createTime < settings.enabledAt) return;
      const ref = { reviewId: review.reviewId, companyId: review.companyId, locationId: review.locationId };
      const now = deps.clock.now();
      const metadata = systemMetadata(deps, review.companyId, { correlationId: event.metadata.correlationId, causationId: event.id, at: now });
      if (review.reply && !settings.reviewsOverwrite) {
        await service.run(review.reviewId, { type: 'Leave', ref, reason: 'has-reply', ruleId: null }, metadata);
        return;
      }
      const rule = firstMatchingRule(settings.rules, {
        starRating: review.starRating,
        sentiment: review.sentiment.label,
        hasText: Boolean(review.comment?.trim()),
        locationId: review.locationId,
      });
      if (!rule || rule.action === 'leave') {
        await service.run(review.reviewId, { type: 'Leave', ref, reason: rule ? 'rule' : 'no-rule', ruleId: rule?.ruleId ?? null }, metadata);
        return;
      }
      const current = await service.automationDoc(review.reviewId);
      if (current && current.status !== 'none' && current.status !== 'failed') return;

      let drafted;
      try {
        drafted = await service.draft(
          review.companyId,
          { reviewerName: review.reviewer.displayName, starRating: review.starRating, comment: review.comment },
          settings,
        );
      } catch (err) {
        if (!(err instanceof LlmDraftError)) throw err;
        // Retried by the runtime; the last failure is recorded, so the outbox shows it.
        if (ctx.attempt < DRAFT_ATTEMPTS && err.code !== 'LLM_REFUSED' && err.code !== 'LLM_NOT_CONFIGURED') throw err;
        await service.run(
          review.reviewId,
          { type: 'RecordDraftFailure', failure: { ...ref, purpose: 'automation', code: err.code, message: err.message, failedAt: now.toISOString() } },
          metadata,
        );
        return;
      }
      const draft = {
        ...ref,
        draftId: deps.ids.uuid(),
        purpose: 'automation' as const,
        ...drafted,
        promptVersion: drafted.promptVersion || PROMPT_VERSION,
        draftedAt: now.toISOString(),
      };
      if (rule.action === 'post') {
        const dueAt = new Date(now.getTime() + rule.delayMinutes * deps.config.reviewsAi.secondsPerDelayMinute * 1000).toISOString();
        await service.run(review.reviewId, { type: 'Schedule', draft, ruleId: rule.ruleId, dueAt }, metadata);
        return;
      }
      const expiresAt = new Date(now.getTime() + deps.config.reviewsAi.approvalLinkTtlHours * 3_600_000).toISOString();
      await service.run(
        review.reviewId,
        {
          type: 'RequestApproval',
          draft,
          ruleId: rule.ruleId,
          approvalId: deps.ids.uuid(),
          approverEmails: await service.approverEmails(review.companyId),
          expiresAt,
          at: now.toISOString(),
        },
        metadata,
      );
    },
  };

  const approvalMails: ReactorDefinition<ApprovalRequested> = {
    name: 'reviews-ai-approval-mail',
    handles: ['ReviewApprovalRequested'],
    maxAttempts: 8,
    async handle(event) {
      const data = event.data;
      const expiresAt = new Date(data.expiresAt);
      if (expiresAt.getTime() <= deps.clock.now().getTime())
        return void deps.logger.info({ eventId: event.id }, 'Approval link expired before it was mailed; skipped');
      const doc = await service.automationDoc(data.reviewId);
      if (!doc) throw new Error('The review is not in the automation read model yet'); // retried until the projection has it
      const token = signer.sign(approvalLinkId(data.reviewId, data.approvalId), expiresAt);
      const link = approvalPageLink(deps.config.publicUrl, token);
      if (data.approverEmails.length === 0) throw new PermanentReactorError('The company has no company admin to approve the reply');
      for (const to of data.approverEmails) await deps.mailer.send(approvalMail(to, link, doc, data.comment, data.expiresAt));
    },
  };

  /** A released or approved draft becomes the reviews feature's reply request (sent to Google by its reactor). */
  const requestReplies: ReactorDefinition<ReadyToPost> = {
    name: 'reviews-ai-request-replies',
    handles: ['AutoReplyReleased', 'ReviewApprovalGranted'],
    maxAttempts: 8,
    async handle(event) {
      const d = event.data;
      const ref = { reviewId: d.reviewId, companyId: d.companyId, locationId: d.locationId };
      const metadata = systemMetadata(deps, d.companyId, { correlationId: event.metadata.correlationId, causationId: event.id });
      try {
        if (event.type === 'AutoReplyReleased') {
          await service.requestReply(
            ref,
            event.data.draftId,
            d.comment,
            { kind: 'automation', ruleId: event.data.ruleId || null, name: 'AI auto-reply' },
            metadata,
          );
        } else {
          await service.requestReply(
            ref,
            event.data.approvalId,
            d.comment,
            { kind: 'approver', userId: event.data.by.userId, name: event.data.by.name },
            metadata,
          );
        }
      } catch (err) {
        // Answered meanwhile (decided against the review's state at this attempt): the person's reply stays.
        if (isAlreadyAnswered(err)) return void (await service.withdrawAnswered(ref, metadata));
        // The review is gone or moved: asking again will not help.
        if (err instanceof AppError && err.kind !== 'conflict') throw new PermanentReactorError(err.message, err);
        throw err;
      }
    },
  };

  /**
   * A person answered the review (a user's reply in Locus, or one seen on Google by a sync):
   * a draft still waiting in the outbox or for approval is withdrawn, recorded on the
   * automation's stream (nothing when no draft waits).
   */
  const yieldToPeople: ReactorDefinition<ReplyByHand> = {
    name: 'reviews-ai-yield-to-people',
    handles: ['ReviewReplyRequested', 'ReviewReplyPosted'],
    maxAttempts: 8,
    async handle(event) {
      const d = event.data;
      const by = d.by;
      if (by.kind === 'automation' || by.kind === 'approver') return;
      if (event.type === 'ReviewReplyPosted' && by.kind !== 'google') return; // a user's reply was handled at its request
      const ref = { reviewId: d.reviewId, companyId: d.companyId, locationId: d.locationId };
      const metadata = systemMetadata(deps, d.companyId, { correlationId: event.metadata.correlationId, causationId: event.id });
      const answeredBy = by.kind === 'google' ? 'Google' : by.name;
      await service.run(d.reviewId, { type: 'Withdraw', ref, reason: 'answered-by-person', answeredBy, at: deps.clock.now().toISOString() }, metadata);
    },
  };

  return [automation, approvalMails, requestReplies, yieldToPeople];
}
