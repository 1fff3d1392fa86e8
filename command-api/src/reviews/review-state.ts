import type { GoogleReply, ReplyAuthor, ReviewEvent, Reviewer, Sentiment } from '@locus/contracts';

/** A reply write or delete Locus asked for and the reply reactor has not answered yet. */
export interface PendingReply {
  requestId: string;
  operation: 'update' | 'delete';
  comment: string | null;
  by: ReplyAuthor;
}

export interface ReviewData {
  status: 'active' | 'removed';
  reviewId: string;
  companyId: string;
  locationId: string;
  googleName: string;
  reviewer: Reviewer;
  starRating: number;
  comment: string | null;
  createTime: string;
  updateTime: string;
  sentiment: Sentiment;
  reply: GoogleReply | null;
  pending: PendingReply | null;
}

/** Aggregate `review-<reviewId>`: one Google review as Locus knows it. */
export type ReviewState = { status: 'none' } | ReviewData;

export const initialReviewState = (): ReviewState => ({ status: 'none' });

export function evolveReview(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewReceived': {
      const d = event.data;
      return {
        status: 'active',
        reviewId: d.reviewId,
        companyId: d.companyId,
        locationId: d.locationId,
        googleName: d.googleName,
        reviewer: d.reviewer,
        starRating: d.starRating,
        comment: d.comment,
        createTime: d.createTime,
        updateTime: d.updateTime,
        sentiment: d.sentiment,
        reply: d.reply,
        pending: state.status === 'none' ? null : state.pending,
      };
    }
    case 'ReviewUpdated': {
      if (state.status === 'none') return state;
      const d = event.data;
      return { ...state, reviewer: d.reviewer, starRating: d.starRating, comment: d.comment, updateTime: d.updateTime, sentiment: d.sentiment };
    }
    case 'ReviewRemoved':
      return state.status === 'none' ? state : { ...state, status: 'removed' };
    case 'ReviewReplyRequested':
      if (state.status === 'none') return state;
      return { ...state, pending: { requestId: event.data.requestId, operation: 'update', comment: event.data.comment, by: event.data.by } };
    case 'ReviewReplyDeleteRequested':
      if (state.status === 'none') return state;
      return { ...state, pending: { requestId: event.data.requestId, operation: 'delete', comment: null, by: event.data.by } };
    case 'ReviewReplyPosted': {
      if (state.status === 'none') return state;
      const settles = event.data.requestId !== null && state.pending?.requestId === event.data.requestId;
      return { ...state, reply: { comment: event.data.comment, updateTime: event.data.updateTime }, pending: settles ? null : state.pending };
    }
    case 'ReviewReplyDeleted': {
      if (state.status === 'none') return state;
      const settles = event.data.requestId !== null && state.pending?.requestId === event.data.requestId;
      return { ...state, reply: null, pending: settles ? null : state.pending };
    }
    case 'ReviewReplyFailed':
      if (state.status === 'none') return state;
      return state.pending?.requestId === event.data.requestId ? { ...state, pending: null } : state;
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}
