import {
  APPROVAL_LINK_PURPOSE,
  BRAND_SETTINGS_COLLECTION,
  COMPANIES_COLLECTION,
  DEFAULT_AI_REPLY_SETTINGS,
  REVIEW_AUTOMATION_COLLECTION,
  REVIEWS_AI_SETTINGS_COLLECTION,
  ReviewReplyRequestedSchema,
  reviewAutomationStream,
  reviewStream,
  SYSTEM_ACTOR,
  USERS_COLLECTION,
  type BrandSettingsDoc,
  type CompanyDoc,
  type EventMetadata,
  type ReplyAuthor,
  type ReviewAutomationDoc,
  type ReviewsAiSettingsDoc,
  type UserDoc,
} from '@locus/contracts';
import { createLinkSigner, createSecretBox, type CommandDeps, type LinkSigner } from '@locus/platform';
import { handleCommand, loadStream } from '../kit';
import { reviewDecider } from '../reviews/review-decider';
import { draftReviewReply, llmEndpointFor, type DraftedReply } from './llm/llm-client';
import { automationDecider, type AutomationCommand } from './review-automation-decider';

type Deps = Pick<CommandDeps, 'eventStore' | 'readModels' | 'clock' | 'ids' | 'config' | 'logger'>;
type Ref = { reviewId: string; companyId: string; locationId: string };

/** The approval link's signer: keys derived from the JWT secret (and its previous ones during a rotation). */
export const approvalLinkSigner = (config: CommandDeps['config']): LinkSigner =>
  createLinkSigner(config.jwtSecret, APPROVAL_LINK_PURPOSE, config.previousJwtSecrets);

export const systemMetadata = (companyId: string, at: Date, correlationId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId,
  causationId: null,
  occurredAt: at.toISOString(),
});

export function automationService(deps: Deps) {
  const box = createSecretBox(deps.config.encryptionKey, deps.config.previousEncryptionKeys);
  const docs = deps.readModels;

  const run = (reviewId: string, command: AutomationCommand, metadata: EventMetadata) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: reviewAutomationStream(reviewId),
      decider: automationDecider,
      command,
      metadata,
      newId: () => deps.ids.uuid(),
    });

  return {
    run,

    async settingsOf(companyId: string): Promise<ReviewsAiSettingsDoc> {
      const doc = await docs.collection<ReviewsAiSettingsDoc>(REVIEWS_AI_SETTINGS_COLLECTION).findOne({ _id: companyId });
      return doc ?? { _id: companyId, companyId, ...DEFAULT_AI_REPLY_SETTINGS, rules: [], enabledAt: null, updatedAt: '' };
    },

    brandOf: (companyId: string) => docs.collection<BrandSettingsDoc>(BRAND_SETTINGS_COLLECTION).findOne({ _id: companyId }),

    automationDoc: (reviewId: string) => docs.collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION).findOne({ _id: reviewId }),

    /** The business a reply names: the brand's display name, else the company's name. */
    async businessName(companyId: string, brand: BrandSettingsDoc | null): Promise<string> {
      if (brand?.displayName) return brand.displayName;
      const company = await docs.collection<CompanyDoc>(COMPANIES_COLLECTION).findOne({ _id: companyId });
      return company?.companyName ?? 'our business';
    },

    /** Company admins who may sign in: the approvers. */
    async approverEmails(companyId: string): Promise<string[]> {
      const admins = await docs.collection<UserDoc>(USERS_COLLECTION).find({ companyId, role: 'CompanyAdmin' });
      return admins.filter((u) => u.loginAllowed !== false && u.email).map((u) => u.email);
    },

    async userName(userId: string | undefined): Promise<string> {
      if (!userId) return 'A user';
      const user = await docs.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: userId });
      return user?.fullName || user?.email || 'A user';
    },

    /** One draft with the company's settings, brand and endpoint. */
    async draft(
      companyId: string,
      review: { reviewerName: string; starRating: number; comment: string | null },
      settings: Pick<ReviewsAiSettingsDoc, 'apology' | 'tone' | 'verbosity' | 'style' | 'friendliness'>,
    ): Promise<DraftedReply> {
      const brand = await this.brandOf(companyId);
      const endpoint = await llmEndpointFor(docs, deps.config, box, companyId);
      return draftReviewReply(endpoint, {
        reviewerName: review.reviewerName,
        businessName: await this.businessName(companyId, brand),
        starRating: review.starRating,
        comment: review.comment,
        settings,
        brand,
      });
    },

    /**
     * Hands a reply to the reviews feature: its RequestReply command on the review's stream
     * (a ReviewReplyRequested, which its reply reactor sends to Google). Asking again for the
     * same request id does nothing.
     */
    async requestReply(ref: Ref, requestId: string, comment: string, by: ReplyAuthor, metadata: EventMetadata): Promise<void> {
      const stream = reviewStream(ref.reviewId);
      const { events } = await loadStream(deps.eventStore, stream, reviewDecider);
      if (events.some((e) => e.type === 'ReviewReplyRequested' && ReviewReplyRequestedSchema.safeParse(e.data).data?.requestId === requestId)) return;
      await handleCommand({
        eventStore: deps.eventStore,
        streamName: stream,
        decider: reviewDecider,
        command: { type: 'RequestReply', companyId: ref.companyId, locationId: ref.locationId, requestId, comment, by, at: deps.clock.now().toISOString() },
        metadata,
        newId: () => deps.ids.uuid(),
      });
    },

    /** The outbox's clock: posts every scheduled draft whose time has come. */
    async releaseDue(signal?: AbortSignal): Promise<number> {
      const now = deps.clock.now();
      const due = await docs
        .collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION)
        .find({ status: 'scheduled', dueAt: { $lte: now.toISOString() } }, { sort: { dueAt: 1 }, limit: 50 });
      let released = 0;
      for (const doc of due) {
        if (signal?.aborted) break;
        const ref = { reviewId: doc._id, companyId: doc.companyId, locationId: doc.locationId };
        const metadata = systemMetadata(doc.companyId, now, `auto-reply:${doc._id}`);
        const result = await run(doc._id, { type: 'Release', ref, at: now.toISOString() }, metadata);
        const event = result.events.find((e) => e.type === 'AutoReplyReleased');
        if (event?.type !== 'AutoReplyReleased') continue;
        await this.requestReply(
          ref,
          event.data.draftId,
          event.data.comment,
          { kind: 'automation', ruleId: event.data.ruleId || null, name: 'AI auto-reply' },
          metadata,
        );
        released++;
      }
      return released;
    },
  };
}
export type AutomationService = ReturnType<typeof automationService>;
