import {
  deleteReviewReplyRoute,
  reviewErrors,
  reviewEventSchemas,
  reviewMessages as m,
  reviewStream,
  updateReviewReplyRoute,
  USERS_COLLECTION,
  type ReplyAuthor,
  type ReviewReplyAnswer,
  type UserDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, requireLocationRight, type AnyRequest, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { awaitOutcome, eventMetadata, runCommand, type OutcomeOf } from '../kit';
import { reviewNotificationRoutes } from './notifications';
import { reviewDecider, type ReviewCommand } from './review-decider';
import { reviewAt } from './reactors';
import type { ReviewData } from './review-state';

export interface ReviewsRouteOptions {
  /** How long a reply write or delete waits for Google's answer before answering "queued" (default 15 s). */
  outcomeTimeoutMs?: number;
}

const notFound = () => fail(reviewErrors.notFound);
const OUTCOMES = ['ReviewReplyPosted', 'ReviewReplyDeleted', 'ReviewReplyFailed'] as const;
type ReplyOutcome = OutcomeOf<typeof reviewEventSchemas, (typeof OUTCOMES)[number]>;

/**
 * A review the caller may answer: of the caller's company, and of a location the caller may reply
 * on (a staff member's, an owner's). No right on it answers 404, as a missing review does.
 */
export async function reviewForCaller(
  deps: Pick<CommandDeps, 'eventStore' | 'readModels'>,
  req: Pick<AnyRequest, 'auth'>,
  reviewId: string,
): Promise<ReviewData> {
  const companyId = callerCompanyId(req, notFound);
  const state = await reviewAt(deps, reviewId);
  if (state.status === 'none' || state.companyId !== companyId) throw notFound();
  await requireLocationRight(deps.readModels, req.auth, state.locationId, updateReviewReplyRoute.location.needs, notFound);
  return state;
}

export function reviewsCommandRoutes(deps: CommandDeps, options: ReviewsRouteOptions = {}): RouteImplementation[] {
  const outcomeTimeoutMs = options.outcomeTimeoutMs ?? 15_000;

  const authorOf = async (req: Pick<AnyRequest, 'auth'>): Promise<ReplyAuthor> => {
    const userId = req.auth!.userId;
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: userId });
    return { kind: 'user', userId, name: user?.fullName || user?.email || 'A user' };
  };

  /** Appends the request, then waits (bounded) for the reply reactor's outcome. */
  async function roundTrip(req: AnyRequest, review: ReviewData, command: ReviewCommand): Promise<{ outcome: ReplyOutcome | null; position: number }> {
    const stream = reviewStream(review.reviewId);
    const result = await runCommand(deps, stream, reviewDecider, command, eventMetadata(req, review.companyId, deps.clock));
    const revision = result.revision - BigInt(result.events.length);
    const outcome = await awaitOutcome(deps.eventStore, {
      stream,
      after: revision,
      schemas: reviewEventSchemas,
      types: OUTCOMES,
      matches: (e) => e.data.requestId === command.requestId,
      timeoutMs: outcomeTimeoutMs,
    });
    return { outcome, position: outcome?.position ?? result.position };
  }

  const answerOf = (outcome: ReplyOutcome | null, success: string): { status?: number; body: ReviewReplyAnswer } => {
    if (!outcome) return { status: 202, body: { Success: true, IsUnauthorized: false, Data: null, ApiError: null, ResponseMessage: m.replyStillPending } };
    if (outcome.type === 'ReviewReplyFailed') {
      const { code, message } = outcome.data;
      return {
        body: {
          Success: false,
          IsUnauthorized: code === 'GOOGLE.UNAUTHENTICATED' || code === 'GOOGLE.PERMISSION_DENIED' || code.startsWith('CONNECTIONS.'),
          Data: null,
          ApiError: { ErrorMessage: message },
          ResponseMessage: null,
        },
      };
    }
    const posted = outcome.type === 'ReviewReplyPosted' ? outcome.data : null;
    return {
      body: {
        Success: true,
        IsUnauthorized: false,
        Data: { ReviewReply: { Comment: posted?.comment ?? null, UpdateTime: posted?.updateTime ?? null } },
        ApiError: null,
        ResponseMessage: success,
      },
    };
  };

  const update = implement(updateReviewReplyRoute, async (req) => {
    const review = await reviewForCaller(deps, req, req.params.reviewId);
    if (req.body.ReviewId !== req.params.reviewId)
      throw fail(reviewErrors.reviewIdMismatch, [{ field: 'ReviewId', message: reviewErrors.reviewIdMismatch.message }]);
    const command: ReviewCommand = {
      type: 'RequestReply',
      companyId: review.companyId,
      locationId: req.body.LocationId,
      requestId: deps.ids.uuid(),
      comment: req.body.Comment,
      by: await authorOf(req),
      at: deps.clock.now().toISOString(),
    };
    const { outcome, position } = await roundTrip(req, review, command);
    return { ...answerOf(outcome, m.replyUpdated), position };
  });

  const remove = implement(deleteReviewReplyRoute, async (req) => {
    const review = await reviewForCaller(deps, req, req.params.reviewId);
    const command: ReviewCommand = {
      type: 'RequestReplyDelete',
      companyId: review.companyId,
      locationId: null,
      requestId: deps.ids.uuid(),
      by: await authorOf(req),
      at: deps.clock.now().toISOString(),
    };
    const { outcome, position } = await roundTrip(req, review, command);
    return { ...answerOf(outcome, m.replyDeleted), position };
  });

  return [update, remove, ...reviewNotificationRoutes(deps)];
}
