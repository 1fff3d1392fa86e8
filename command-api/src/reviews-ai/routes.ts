import {
  approveByLinkRoute,
  approveFromListRoute,
  brandStream,
  cancelAutoReplyRoute,
  rejectFromListRoute,
  reviewsAiErrors,
  reviewsAiMessages,
  reviewsAiStream,
  saveAiReviewSampleRoute,
  saveAiReviewSettingsRoute,
  saveAutoReplyRulesRoute,
  saveBrandSettingsRoute,
  LOCATIONS_COLLECTION,
  type AiReplySettings,
  type AutoReplyRule,
  type LocationDoc,
  type ReviewAutomationDoc,
  parseApprovalLinkId,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { eventMetadata, handleCommand, maxPosition } from '../kit';
import { aiDraftCommandRoutes } from './ai-draft-route';
import { approvalLinkSigner, automationService } from './automation-service';
import { brandDecider, companyAiDecider } from './company-ai-decider';
import { LlmDraftError } from './llm/llm-client';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

const ownCompany = (req: Req) => callerCompanyId(req, () => fail(reviewsAiErrors.noCompany));

export function toAiSettings(body: {
  AutomateGoogleReviewsEnabled: boolean;
  ReviewsOverwrite: boolean;
  Apology: boolean;
  Tone: AiReplySettings['tone'];
  Verbosity: AiReplySettings['verbosity'];
  Style: AiReplySettings['style'];
  Friendliness: AiReplySettings['friendliness'];
}): AiReplySettings {
  return {
    automateGoogleReviewsEnabled: body.AutomateGoogleReviewsEnabled,
    reviewsOverwrite: body.ReviewsOverwrite,
    apology: body.Apology,
    tone: body.Tone,
    verbosity: body.Verbosity,
    style: body.Style,
    friendliness: body.Friendliness,
  };
}

export function reviewsAiCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const service = automationService(deps);
  const signer = approvalLinkSigner(deps.config);
  const now = () => deps.clock.now();

  const actor = async (req: Req) => ({ userId: req.auth?.userId ?? null, name: await service.userName(req.auth?.userId) });

  const saveSettings = async (req: Req, companyId: string, settings: AiReplySettings) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: reviewsAiStream(companyId),
      decider: companyAiDecider,
      command: { type: 'SaveAiSettings', companyId, settings, by: await actor(req) },
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });

  /** A review of the caller's company in the automation read model; another company's is a 404. */
  async function companyReview(companyId: string, reviewId: string): Promise<ReviewAutomationDoc> {
    const doc = await service.automationDoc(reviewId);
    if (!doc || doc.companyId !== companyId) throw fail(reviewsAiErrors.reviewNotFound);
    return doc;
  }

  /** Every location a rule names is one of the company's: another company's id answers 404, as it would in a path. */
  async function requireCompanyLocations(companyId: string, rules: readonly { LocationIds: string[] }[]): Promise<void> {
    const wanted = [...new Set(rules.flatMap((r) => r.LocationIds))];
    if (wanted.length === 0) return;
    const found = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId, _id: { $in: wanted } }, { projection: { _id: 1 } });
    const known = new Set(found.map((d) => d._id));
    const fields = rules.flatMap((r, i) =>
      r.LocationIds.some((id) => !known.has(id)) ? [{ field: `Rules[${i}].LocationIds`, message: reviewsAiErrors.locationNotFound.message }] : [],
    );
    if (fields.length > 0) throw fail(reviewsAiErrors.locationNotFound, fields);
  }

  /**
   * Approves the draft (the reply is then requested from Google by the reviews-ai-request-replies
   * reactor), decided against the review as it is at this attempt: a review answered meanwhile
   * withdraws the draft and the approver is told nothing changed.
   */
  async function approve(req: Req, doc: ReviewAutomationDoc, approvalId: string | null, comment: string, byName: string) {
    const ref = { reviewId: doc._id, companyId: doc.companyId, locationId: doc.locationId };
    const by = { userId: req.auth?.userId ?? null, name: byName };
    const result = await service.run(
      doc._id,
      async () => ({ type: 'Approve', ref, approvalId, comment, by, at: now().toISOString(), answeredBy: await service.answeredBy(doc._id, doc.companyId) }),
      eventMetadata(req, doc.companyId, deps.clock),
    );
    if (result.events.some((e) => e.type === 'AutomatedReplyWithdrawn')) throw fail(reviewsAiErrors.alreadyAnswered);
    return result.position;
  }

  return [
    implement(saveAiReviewSettingsRoute, async (req) => {
      const companyId = ownCompany(req);
      const result = await saveSettings(req, companyId, toAiSettings(req.body));
      return ok(undefined, { message: reviewsAiMessages.settingsSaved, position: result.position });
    }),

    implement(saveAiReviewSampleRoute, async (req) => {
      const companyId = ownCompany(req);
      const doc = await companyReview(companyId, req.body.RandomReviewId);
      const settings = toAiSettings(req.body);
      const saved = await saveSettings(req, companyId, settings);
      let drafted;
      try {
        drafted = await service.draft(companyId, doc, settings);
      } catch (err) {
        if (err instanceof LlmDraftError) throw fail(reviewsAiErrors.llmFailed, [{ field: 'AIGeneratedText', message: err.message }]);
        throw err;
      }
      const ref = { reviewId: doc._id, companyId, locationId: doc.locationId };
      const recorded = await service.run(
        doc._id,
        { type: 'RecordDraft', draft: { ...ref, draftId: deps.ids.uuid(), purpose: 'sample', ...drafted, draftedAt: now().toISOString() } },
        eventMetadata(req, companyId, deps.clock),
      );
      return ok(undefined, {
        message: reviewsAiMessages.settingsSaved,
        position: maxPosition(saved.position, recorded.position),
        extra: {
          ResponseData: {
            ReviewId: doc._id,
            ReviewText: doc.comment ?? '',
            AIGeneratedText: drafted.comment,
            ReviewerDisplayName: doc.reviewerName,
            StarRating: doc.starRating,
          },
        },
      });
    }),

    implement(saveAutoReplyRulesRoute, async (req) => {
      const companyId = ownCompany(req);
      await requireCompanyLocations(companyId, req.body.Rules);
      const rules: AutoReplyRule[] = req.body.Rules.map((r) => ({
        ruleId: r.RuleId || deps.ids.uuid(),
        minStars: r.MinStars,
        maxStars: r.MaxStars,
        sentiment: r.Sentiment,
        text: r.Text,
        locationIds: [...new Set(r.LocationIds)],
        action: r.Action,
        delayMinutes: r.Action === 'post' ? r.DelayMinutes : 0,
      }));
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: reviewsAiStream(companyId),
        decider: companyAiDecider,
        command: { type: 'SaveAutoReplyRules', companyId, rules, by: await actor(req) },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return ok(undefined, { message: reviewsAiMessages.rulesSaved, position: result.position });
    }),

    implement(saveBrandSettingsRoute, async (req) => {
      const companyId = ownCompany(req);
      const b = req.body;
      const brand = {
        displayName: b.DisplayName,
        logoUrl: b.LogoUrl,
        agentName: b.AgentName,
        agentTitle: b.AgentTitle,
        agentPhotoUrl: b.AgentPhotoUrl,
        voiceNotes: b.VoiceNotes,
        signOff: b.SignOff,
        wordsToAvoid: [...new Set(b.WordsToAvoid)],
      };
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: brandStream(companyId),
        decider: brandDecider,
        command: { type: 'SaveBrandSettings', companyId, brand, by: await actor(req) },
        metadata: eventMetadata(req, companyId, deps.clock),
        newId: () => deps.ids.uuid(),
      });
      return ok(undefined, { message: reviewsAiMessages.brandSaved, position: result.position });
    }),

    implement(cancelAutoReplyRoute, async (req) => {
      const companyId = ownCompany(req);
      const doc = await companyReview(companyId, req.params.reviewId);
      const ref = { reviewId: doc._id, companyId, locationId: doc.locationId };
      const result = await service.run(
        doc._id,
        { type: 'Cancel', ref, by: await actor(req), at: now().toISOString() },
        eventMetadata(req, companyId, deps.clock),
      );
      return ok(undefined, { message: reviewsAiMessages.cancelled, position: result.position });
    }),

    implement(approveFromListRoute, async (req) => {
      const companyId = ownCompany(req);
      const doc = await companyReview(companyId, req.params.reviewId);
      const position = await approve(req, doc, null, req.body.Comment, await service.userName(req.auth?.userId));
      return ok(undefined, { message: reviewsAiMessages.approved, position });
    }),

    implement(rejectFromListRoute, async (req) => {
      const companyId = ownCompany(req);
      const doc = await companyReview(companyId, req.params.reviewId);
      const ref = { reviewId: doc._id, companyId, locationId: doc.locationId };
      const result = await service.run(
        doc._id,
        { type: 'Reject', ref, by: await actor(req), at: now().toISOString() },
        eventMetadata(req, companyId, deps.clock),
      );
      return ok(undefined, { message: reviewsAiMessages.rejected, position: result.position });
    }),

    implement(approveByLinkRoute, async (req) => {
      const verified = signer.verify(req.params.token, now());
      if (!verified.ok) throw fail(verified.reason === 'expired' ? reviewsAiErrors.linkExpired : reviewsAiErrors.linkInvalid);
      const ids = parseApprovalLinkId(verified.id);
      if (!ids) throw fail(reviewsAiErrors.linkInvalid);
      const doc = await service.automationDoc(ids.reviewId);
      if (!doc) throw fail(reviewsAiErrors.linkInvalid);
      const brand = await service.brandOf(doc.companyId);
      const position = await approve(req, doc, ids.approvalId, req.body.Comment, brand?.agentName ? `${brand.agentName} (approval link)` : 'Approval link');
      return ok(undefined, { message: reviewsAiMessages.congratulationsText, position });
    }),

    ...aiDraftCommandRoutes(deps),
  ];
}
