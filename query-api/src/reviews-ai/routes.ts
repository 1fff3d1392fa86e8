import {
  APPROVAL_LINK_PURPOSE,
  approvalViewRoute,
  automationListRoute,
  BRAND_SETTINGS_COLLECTION,
  COMPANIES_COLLECTION,
  DEFAULT_AI_REPLY_SETTINGS,
  getAiReviewSettingsRoute,
  getBrandSettingsRoute,
  parseApprovalLinkId,
  randomReviewRoute,
  REVIEW_AUTOMATION_COLLECTION,
  REVIEWS_AI_SETTINGS_COLLECTION,
  reviewsAiErrors,
  type AutomationItem,
  type BrandSettingsDoc,
  type CompanyDoc,
  type ReviewAutomationDoc,
  type ReviewsAiSettingsDoc,
} from '@locus/contracts';
import { callerCompanyId, createLinkSigner, fail, implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';

const toItem = (d: ReviewAutomationDoc): AutomationItem => ({
  ReviewId: d._id,
  LocationId: d.locationId,
  ReviewerDisplayName: d.reviewerName,
  StarRating: d.starRating,
  Comment: d.comment,
  CreateTime: d.createTime,
  Status: d.status,
  Reply: d.outcome?.comment || d.draft?.comment || null,
  DueAt: d.dueAt,
  RuleId: d.ruleId,
  Error: d.error,
  Model: d.draft?.model ?? null,
  UpdatedAt: d.updatedAt,
});

export function reviewsAiQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const automation = () => deps.readModels.collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION);
  const brandOf = (companyId: string) => deps.readModels.collection<BrandSettingsDoc>(BRAND_SETTINGS_COLLECTION).findOne({ _id: companyId });
  const signer = createLinkSigner(deps.config.jwtSecret, APPROVAL_LINK_PURPOSE, deps.config.previousJwtSecrets);
  const ownCompany = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(reviewsAiErrors.noCompany));

  return [
    implement(getAiReviewSettingsRoute, async (req) => {
      const companyId = ownCompany(req);
      const doc = await deps.readModels.collection<ReviewsAiSettingsDoc>(REVIEWS_AI_SETTINGS_COLLECTION).findOne({ _id: companyId });
      const s = doc ?? { ...DEFAULT_AI_REPLY_SETTINGS, rules: [] };
      return ok({
        AutomateGoogleReviewsEnabled: s.automateGoogleReviewsEnabled,
        ReviewsOverwrite: s.reviewsOverwrite,
        Apology: s.apology,
        Tone: s.tone,
        Verbosity: s.verbosity,
        Style: s.style,
        Friendliness: s.friendliness,
        Rules: s.rules.map((r) => ({
          RuleId: r.ruleId,
          MinStars: r.minStars,
          MaxStars: r.maxStars,
          Sentiment: r.sentiment,
          Text: r.text,
          LocationIds: r.locationIds,
          Action: r.action,
          DelayMinutes: r.delayMinutes,
        })),
        SecondsPerDelayMinute: deps.config.reviewsAi.secondsPerDelayMinute,
      });
    }),

    implement(randomReviewRoute, async (req) => {
      const companyId = ownCompany(req);
      const filter = { companyId, hasText: 1, removed: 0 };
      const count = await automation().countDocuments(filter);
      if (count === 0) return ok(null);
      const [doc] = await automation().find(filter, { sort: { _id: 1 }, skip: Math.floor(Math.random() * count), limit: 1 });
      if (!doc) return ok(null);
      return ok({
        Id: doc._id,
        ReviewId: doc._id,
        LocationId: doc.locationId,
        ReviewerDisplayName: doc.reviewerName,
        ReviewerProfilePhotoUrl: doc.reviewerPhotoUrl,
        StarRating: doc.starRating,
        Comment: doc.comment,
        CreateTime: doc.createTime,
      });
    }),

    implement(getBrandSettingsRoute, async (req) => {
      const companyId = ownCompany(req);
      const b = await brandOf(companyId);
      return ok({
        DisplayName: b?.displayName ?? '',
        LogoUrl: b?.logoUrl ?? null,
        AgentName: b?.agentName ?? '',
        AgentTitle: b?.agentTitle ?? '',
        AgentPhotoUrl: b?.agentPhotoUrl ?? null,
        VoiceNotes: b?.voiceNotes ?? '',
        SignOff: b?.signOff ?? '',
        WordsToAvoid: b?.wordsToAvoid ?? [],
      });
    }),

    implement(automationListRoute, async (req) => {
      const companyId = ownCompany(req);
      const docs = await automation().find({ companyId, status: req.query.Status }, { sort: { updatedAt: -1 }, limit: 200 });
      return ok(docs.map(toItem));
    }),

    implement(approvalViewRoute, async (req) => {
      const verified = signer.verify(req.params.token, deps.clock.now());
      if (!verified.ok) throw fail(verified.reason === 'expired' ? reviewsAiErrors.linkExpired : reviewsAiErrors.linkInvalid);
      const ids = parseApprovalLinkId(verified.id);
      const doc = ids ? await automation().findOne({ _id: ids.reviewId }) : null;
      if (!ids || !doc) throw fail(reviewsAiErrors.linkInvalid);
      if (doc.approvalId === ids.approvalId && doc.status === 'withdrawn') throw fail(reviewsAiErrors.alreadyAnswered);
      if (doc.approvalId !== ids.approvalId || doc.status !== 'awaiting-approval') throw fail(reviewsAiErrors.linkUsed);
      const brand = await brandOf(doc.companyId);
      const company = await deps.readModels.collection<CompanyDoc>(COMPANIES_COLLECTION).findOne({ _id: doc.companyId });
      return ok({
        Review: {
          ReviewerDisplayName: doc.reviewerName,
          ReviewerProfilePhotoUrl: doc.reviewerPhotoUrl,
          StarRating: doc.starRating,
          Comment: doc.comment,
          CreateTime: doc.createTime,
        },
        Agent: {
          Name: brand?.agentName || 'Customer Care',
          Title: brand?.agentTitle || 'Responding agent',
          PhotoUrl: brand?.agentPhotoUrl ?? null,
          BusinessName: brand?.displayName || company?.companyName || '',
          LogoUrl: brand?.logoUrl ?? null,
        },
        Reply: doc.draft?.comment ?? '',
        ExpiresAt: verified.expiresAt.toISOString(),
      });
    }),
  ];
}
