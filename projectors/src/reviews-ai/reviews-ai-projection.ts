import type { ProjectionDefinition } from '@locus/platform/ports';
import {
  BRAND_SETTINGS_COLLECTION,
  DEFAULT_AI_REPLY_SETTINGS,
  REVIEW_AUTOMATION_COLLECTION,
  REVIEWS_AI_SETTINGS_COLLECTION,
  reviewsAiEventTypes,
  type BrandSettingsDoc,
  type ReviewAutomationDoc,
  type ReviewEvent,
  type ReviewsAiEvent,
  type ReviewsAiSettingsDoc,
} from '@locus/contracts';

type Handled =
  | ReviewsAiEvent
  | Extract<ReviewEvent, { type: 'ReviewReceived' | 'ReviewUpdated' | 'ReviewRemoved' | 'ReviewReplyPosted' | 'ReviewReplyDeleted' | 'ReviewReplyFailed' }>;

const byName = (by: { kind: string; name?: string }) => by.name ?? 'Google';

/**
 * The company's AI settings and brand, and one automation document per review (the outbox,
 * pending approvals, the approval page and the sample's random review read it).
 */
export const reviewsAiProjection: ProjectionDefinition<Handled> = {
  name: 'reviews-ai',
  version: 1,
  collections: [
    { name: REVIEWS_AI_SETTINGS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    { name: BRAND_SETTINGS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    {
      name: REVIEW_AUTOMATION_COLLECTION,
      indexes: [{ key: { companyId: 1, status: 1, updatedAt: -1 } }, { key: { status: 1, dueAt: 1 } }, { key: { companyId: 1, hasText: 1, removed: 1 } }],
      queries: [
        { name: 'outbox and approvals', filter: { companyId: 'c', status: 'scheduled' }, sort: { updatedAt: -1 } },
        { name: 'due drafts', filter: { status: 'scheduled', dueAt: { $lte: '2026-01-01T00:00:00.000Z' } }, sort: { dueAt: 1 } },
        { name: 'reviews with text', filter: { companyId: 'c', hasText: 1, removed: 0 } },
      ],
    },
  ],
  handles: [...reviewsAiEventTypes, 'ReviewReceived', 'ReviewUpdated', 'ReviewRemoved', 'ReviewReplyPosted', 'ReviewReplyDeleted', 'ReviewReplyFailed'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    const settingsOf = async (companyId: string): Promise<ReviewsAiSettingsDoc> =>
      (await docs.get<ReviewsAiSettingsDoc>(REVIEWS_AI_SETTINGS_COLLECTION, companyId)) ?? {
        _id: companyId,
        companyId,
        ...DEFAULT_AI_REPLY_SETTINGS,
        rules: [],
        enabledAt: null,
        updatedAt: at,
      };
    const update = async (reviewId: string, change: (doc: ReviewAutomationDoc) => Partial<ReviewAutomationDoc>) => {
      const doc = await docs.get<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION, reviewId);
      if (doc) docs.put(REVIEW_AUTOMATION_COLLECTION, { ...doc, ...change(doc), updatedAt: at });
    };

    switch (event.type) {
      case 'ReviewAiSettingsSaved': {
        const { companyId, savedBy: _b, ...settings } = event.data;
        const prev = await settingsOf(companyId);
        const switchedOn = settings.automateGoogleReviewsEnabled && !prev.automateGoogleReviewsEnabled;
        const enabledAt = settings.automateGoogleReviewsEnabled ? (switchedOn ? at : prev.enabledAt) : null;
        docs.put(REVIEWS_AI_SETTINGS_COLLECTION, { ...prev, ...settings, enabledAt, updatedAt: at });
        return;
      }
      case 'AutoReplyRulesSaved': {
        const prev = await settingsOf(event.data.companyId);
        docs.put(REVIEWS_AI_SETTINGS_COLLECTION, { ...prev, rules: event.data.rules, updatedAt: at });
        return;
      }
      case 'BrandSettingsSaved': {
        const { companyId, savedBy: _b, ...brand } = event.data;
        const doc: BrandSettingsDoc = { _id: companyId, companyId, ...brand, updatedAt: at };
        docs.put(BRAND_SETTINGS_COLLECTION, doc);
        return;
      }
      case 'ReviewReceived': {
        const r = event.data;
        const prev = await docs.get<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION, r.reviewId);
        const doc: ReviewAutomationDoc = {
          status: 'none',
          draft: null,
          ruleId: null,
          dueAt: null,
          approvalId: null,
          approvalExpiresAt: null,
          error: null,
          outcome: null,
          ...prev,
          _id: r.reviewId,
          companyId: r.companyId,
          locationId: r.locationId,
          reviewerName: r.reviewer.displayName,
          reviewerPhotoUrl: r.reviewer.profilePhotoUrl,
          starRating: r.starRating,
          comment: r.comment,
          hasText: r.comment?.trim() ? 1 : 0,
          createTime: r.createTime,
          hasReply: r.reply ? 1 : 0,
          removed: 0,
          updatedAt: at,
        };
        docs.put(REVIEW_AUTOMATION_COLLECTION, doc);
        return;
      }
      case 'ReviewUpdated':
        return update(event.data.reviewId, () => ({
          starRating: event.data.starRating,
          comment: event.data.comment,
          hasText: event.data.comment?.trim() ? 1 : 0,
        }));
      case 'ReviewRemoved':
        return update(event.data.reviewId, () => ({ removed: 1 }));
      case 'ReviewReplyPosted':
        return update(event.data.reviewId, (doc) => {
          const ours = event.data.by.kind === 'automation' || event.data.by.kind === 'approver';
          return {
            hasReply: 1,
            ...(ours && doc.status === 'posting'
              ? { status: 'posted' as const, error: null, outcome: { comment: event.data.comment, by: byName(event.data.by), at: event.data.updateTime } }
              : {}),
          };
        });
      case 'ReviewReplyDeleted':
        return update(event.data.reviewId, () => ({ hasReply: 0 }));
      case 'ReviewReplyFailed':
        return update(event.data.reviewId, (doc) =>
          doc.status === 'posting' && (event.data.by.kind === 'automation' || event.data.by.kind === 'approver')
            ? { status: 'failed' as const, error: event.data.message }
            : {},
        );
      case 'ReviewReplyDrafted': {
        const d = event.data;
        return update(d.reviewId, () => ({
          draft: {
            draftId: d.draftId,
            comment: d.comment,
            model: d.model,
            promptVersion: d.promptVersion,
            promptTokens: d.promptTokens,
            completionTokens: d.completionTokens,
            draftedAt: d.draftedAt,
          },
        }));
      }
      case 'ReviewReplyDraftFailed':
        return update(event.data.reviewId, (doc) => ({
          error: `${event.data.message} (${event.data.code})`,
          ...(event.data.purpose === 'automation' && doc.status === 'none' ? { status: 'failed' as const } : {}),
        }));
      case 'AutoReplyScheduled':
        return update(event.data.reviewId, () => ({ status: 'scheduled', ruleId: event.data.ruleId, dueAt: event.data.dueAt, error: null }));
      case 'AutoReplyCancelled':
        return update(event.data.reviewId, () => ({
          status: 'cancelled',
          dueAt: null,
          outcome: { comment: '', by: event.data.by.name, at: event.data.cancelledAt },
        }));
      case 'AutoReplyReleased':
        return update(event.data.reviewId, () => ({ status: 'posting', dueAt: null }));
      case 'AutoReplyLeft':
        return update(event.data.reviewId, () => ({ status: 'left', ruleId: event.data.ruleId }));
      case 'ReviewApprovalRequested':
        return update(event.data.reviewId, () => ({
          status: 'awaiting-approval',
          ruleId: event.data.ruleId,
          approvalId: event.data.approvalId,
          approvalExpiresAt: event.data.expiresAt,
          error: null,
        }));
      case 'ReviewApprovalGranted':
        return update(event.data.reviewId, (doc) => ({
          status: 'posting',
          draft: doc.draft ? { ...doc.draft, comment: event.data.comment } : doc.draft,
          outcome: { comment: event.data.comment, by: event.data.by.name, at: event.data.approvedAt },
        }));
      case 'ReviewApprovalRejected':
        return update(event.data.reviewId, () => ({ status: 'rejected', outcome: { comment: '', by: event.data.by.name, at: event.data.rejectedAt } }));
      case 'AutomatedReplyWithdrawn':
        return update(event.data.reviewId, () => ({
          status: 'withdrawn',
          dueAt: null,
          outcome: { comment: '', by: event.data.answeredBy, at: event.data.withdrawnAt },
        }));
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [reviewsAiProjection];
