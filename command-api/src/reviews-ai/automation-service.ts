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
  USERS_COLLECTION,
  type BrandSettingsDoc,
  type CompanyDoc,
  type EventMetadata,
  reviewErrors,
  type ReplyAuthor,
  type ReviewAutomationDoc,
  type ReviewsAiSettingsDoc,
  type UserDoc,
} from '@locus/contracts';
import { AppError, createLinkSigner, createSecretBox, type CommandDeps, type LinkSigner } from '@locus/platform';
import { handleCommand, loadStream, systemMetadata, type CommandSource } from '../kit';
import { isAnswered, reviewDecider } from '../reviews/public';
import { draftReviewReply, llmEndpointFor, streamReviewReply, type DraftedReply, type LlmEndpoint } from './llm/llm-client';
import type { ReplyPromptInput } from './llm/review-reply-prompt';
import { automationDecider, type AutomationCommand, type AutomationState } from './review-automation-decider';

type Deps = Pick<CommandDeps, 'eventStore' | 'readModels' | 'clock' | 'ids' | 'config' | 'logger'>;
type Ref = { reviewId: string; companyId: string; locationId: string };

/** The approval link's signer: keys derived from the JWT secret (and its previous ones during a rotation). */
export const approvalLinkSigner = (config: CommandDeps['config']): LinkSigner =>
  createLinkSigner(config.jwtSecret, APPROVAL_LINK_PURPOSE, config.previousJwtSecrets);

const authorName = (by: ReplyAuthor) => (by.kind === 'google' ? 'Google' : by.name);

/** The reviews feature refused an automated reply because the review was answered meanwhile. */
export const isAlreadyAnswered = (err: unknown): boolean => err instanceof AppError && err.code === reviewErrors.alreadyAnswered.code;

export function automationService(deps: Deps) {
  const box = createSecretBox(deps.config.encryptionKey, deps.config.previousEncryptionKeys);
  const docs = deps.readModels;

  const run = (reviewId: string, command: CommandSource<AutomationState, AutomationCommand>, metadata: EventMetadata) =>
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
      const { endpoint, input } = await this.draftRequest(companyId, review, settings);
      return draftReviewReply(endpoint, input);
    },

    /** The company's endpoint and the prompt's facts for one review: its brand, its business name. */
    async draftRequest(
      companyId: string,
      review: { reviewerName: string; starRating: number; comment: string | null },
      settings: ReplyPromptInput['settings'],
    ): Promise<{ endpoint: LlmEndpoint; input: ReplyPromptInput }> {
      const brand = await this.brandOf(companyId);
      const endpoint = await llmEndpointFor(docs, deps.config, box, companyId);
      const input = {
        reviewerName: review.reviewerName,
        businessName: await this.businessName(companyId, brand),
        starRating: review.starRating,
        comment: review.comment,
        settings,
        brand,
      };
      return { endpoint, input };
    },

    streamDraft: streamReviewReply,

    /**
     * Who answered the review, when that reply must stand: any reply (on Google or asked for)
     * unless the company lets the automation overwrite replies, and with Overwrite on a
     * person's reply still on its way. Null when the automation may reply. Read from the
     * review's stream, so a release or an approval is decided against the review as it is now.
     */
    async answeredBy(reviewId: string, companyId: string): Promise<string | null> {
      const { reviewsOverwrite } = await this.settingsOf(companyId);
      const { state } = await loadStream(deps.eventStore, reviewStream(reviewId), reviewDecider);
      if (state.status === 'none') return null;
      const pending = state.pending?.operation === 'update' ? state.pending.by : null;
      if (reviewsOverwrite) return pending?.kind === 'user' ? pending.name : null;
      if (!isAnswered(state)) return null;
      return pending ? authorName(pending) : 'Google';
    },

    /**
     * Hands a reply to the reviews feature: its RequestReply command on the review's stream
     * (a ReviewReplyRequested, which its reply reactor sends to Google). Asking again for the
     * same request id does nothing. Without Overwrite, the reviews decider refuses it (on every
     * attempt, against the review's state then) when the review has been answered meanwhile.
     */
    async requestReply(ref: Ref, requestId: string, comment: string, by: ReplyAuthor, metadata: EventMetadata): Promise<void> {
      const stream = reviewStream(ref.reviewId);
      const alreadyAsked = async () => {
        const { events } = await loadStream(deps.eventStore, stream, reviewDecider);
        return events.some((e) => e.type === 'ReviewReplyRequested' && ReviewReplyRequestedSchema.safeParse(e.data).data?.requestId === requestId);
      };
      if (await alreadyAsked()) return;
      const { reviewsOverwrite } = await this.settingsOf(ref.companyId);
      try {
        await this.decideReply(stream, { ref, requestId, comment, by, keepExistingReply: !reviewsOverwrite }, metadata);
      } catch (err) {
        // The outbox's clock and the reply reactor may both send one release: the reply found is then this very request.
        if (isAlreadyAnswered(err) && (await alreadyAsked())) return;
        throw err;
      }
    },

    decideReply: (stream: string, r: { ref: Ref; requestId: string; comment: string; by: ReplyAuthor; keepExistingReply: boolean }, metadata: EventMetadata) =>
      handleCommand({
        eventStore: deps.eventStore,
        streamName: stream,
        decider: reviewDecider,
        command: {
          type: 'RequestReply',
          companyId: r.ref.companyId,
          locationId: r.ref.locationId,
          requestId: r.requestId,
          comment: r.comment,
          by: r.by,
          at: deps.clock.now().toISOString(),
          keepExistingReply: r.keepExistingReply,
        },
        metadata,
        newId: () => deps.ids.uuid(),
      }),

    /** Records that the automation stood down for a reply already there (its request was refused). */
    async withdrawAnswered(ref: Ref, metadata: EventMetadata) {
      const answeredBy = (await this.answeredBy(ref.reviewId, ref.companyId)) ?? 'Google';
      return run(ref.reviewId, { type: 'Withdraw', ref, reason: 'already-answered', answeredBy, at: deps.clock.now().toISOString() }, metadata);
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
        const metadata = systemMetadata(deps, doc.companyId, { correlationId: `auto-reply:${doc._id}`, at: now });
        const result = await run(
          doc._id,
          async () => ({ type: 'Release', ref, at: now.toISOString(), answeredBy: await this.answeredBy(doc._id, doc.companyId) }),
          metadata,
        );
        const event = result.events.find((e) => e.type === 'AutoReplyReleased');
        if (event?.type !== 'AutoReplyReleased') continue;
        try {
          await this.requestReply(
            ref,
            event.data.draftId,
            event.data.comment,
            { kind: 'automation', ruleId: event.data.ruleId || null, name: 'AI auto-reply' },
            metadata,
          );
        } catch (err) {
          if (!isAlreadyAnswered(err)) throw err;
          await this.withdrawAnswered(ref, metadata);
          continue;
        }
        released++;
      }
      return released;
    },
  };
}
export type AutomationService = ReturnType<typeof automationService>;
