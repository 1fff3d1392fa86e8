import { reviewsAiErrors, type ReviewsAiEvent, type ReviewsAiEventOf } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/**
 * Aggregate `review-automation-<reviewId>`: what the AI did about one review. The automation
 * acts once per review (the first decision wins); a person can cancel a scheduled reply or
 * approve / reject one awaiting approval, once. A person's reply wins over the automation's:
 * a draft still waiting is withdrawn when someone answers the review, and a release or an
 * approval that finds the review answered (`answeredBy`, read from the review's stream on
 * every attempt) withdraws the draft instead of sending it.
 */
export type AutomationStatus = 'none' | 'scheduled' | 'awaiting-approval' | 'posting' | 'cancelled' | 'rejected' | 'left' | 'failed' | 'withdrawn';

export interface AutomationState {
  status: AutomationStatus;
  draft: { draftId: string; comment: string } | null;
  ruleId: string | null;
  dueAt: string | null;
  approval: { approvalId: string; expiresAt: string } | null;
}

type Actor = { userId: string | null; name: string };
type Ref = { reviewId: string; companyId: string; locationId: string };
type Drafted = ReviewsAiEventOf<'ReviewReplyDrafted'>['data'];

export type AutomationCommand =
  /** A person's draft or the settings' sample: recorded, decides nothing. */
  | { type: 'RecordDraft'; draft: Drafted }
  | { type: 'RecordDraftFailure'; failure: ReviewsAiEventOf<'ReviewReplyDraftFailed'>['data'] }
  /** The automation's decision for a new review (with its draft when one was written). */
  | { type: 'Schedule'; draft: Drafted; ruleId: string; dueAt: string }
  | { type: 'RequestApproval'; draft: Drafted; ruleId: string | null; approvalId: string; approverEmails: string[]; expiresAt: string; at: string }
  | { type: 'Leave'; ref: Ref; reason: ReviewsAiEventOf<'AutoReplyLeft'>['data']['reason']; ruleId: string | null }
  | { type: 'Cancel'; ref: Ref; by: Actor; at: string }
  /** The outbox's clock: releases a scheduled draft whose time has come (nothing otherwise). */
  | { type: 'Release'; ref: Ref; at: string; answeredBy: string | null }
  /** `approvalId` is the link's; null when approved from the pending list. */
  | { type: 'Approve'; ref: Ref; approvalId: string | null; comment: string; by: Actor; at: string; answeredBy: string | null }
  | { type: 'Reject'; ref: Ref; by: Actor; at: string }
  /** Someone answered the review (`answered-by-person`), or its reply request was refused as answered (`already-answered`). */
  | { type: 'Withdraw'; ref: Ref; reason: Withdrawal['reason']; answeredBy: string; at: string };

type Withdrawal = ReviewsAiEventOf<'AutomatedReplyWithdrawn'>['data'];
/** A draft a person's reply takes precedence over: still waiting, or (when its request was refused) being posted. */
const WITHDRAWABLE: Record<Withdrawal['reason'], readonly AutomationStatus[]> = {
  'answered-by-person': ['scheduled', 'awaiting-approval'],
  'already-answered': ['scheduled', 'awaiting-approval', 'posting'],
};

function withdrawn(state: AutomationState, ref: Ref, reason: Withdrawal['reason'], answeredBy: string, at: string): ReviewsAiEvent[] {
  const from = state.status;
  if (!(WITHDRAWABLE[reason] as readonly string[]).includes(from)) return [];
  return [{ type: 'AutomatedReplyWithdrawn', data: { ...ref, reason, answeredBy, from: from as Withdrawal['from'], withdrawnAt: at } }];
}

const decided = (state: AutomationState) => state.status !== 'none' && state.status !== 'failed';

function requireAwaitingApproval(state: AutomationState, approvalId: string | null, at: string): { approvalId: string } {
  const approval = state.approval;
  if (state.status === 'withdrawn' && (approvalId === null || approval?.approvalId === approvalId)) throw fail(reviewsAiErrors.alreadyAnswered);
  if (approvalId !== null) {
    // A link of another (older) approval, or one already granted or rejected, is used.
    if (!approval || approval.approvalId !== approvalId || state.status !== 'awaiting-approval') throw fail(reviewsAiErrors.linkUsed);
    if (Date.parse(approval.expiresAt) <= Date.parse(at)) throw fail(reviewsAiErrors.linkExpired);
    return approval;
  }
  if (!approval || state.status !== 'awaiting-approval') throw fail(reviewsAiErrors.notAwaitingApproval);
  return approval;
}

export function decideAutomation(command: AutomationCommand, state: AutomationState): ReviewsAiEvent[] {
  switch (command.type) {
    case 'RecordDraft':
      return [{ type: 'ReviewReplyDrafted', data: command.draft }];
    case 'RecordDraftFailure':
      // The automation's failure is shown once; a later success replaces it.
      if (command.failure.purpose === 'automation' && decided(state)) return [];
      return [{ type: 'ReviewReplyDraftFailed', data: command.failure }];
    case 'Schedule': {
      if (decided(state)) return [];
      const { draft } = command;
      const ref = { reviewId: draft.reviewId, companyId: draft.companyId, locationId: draft.locationId };
      return [
        { type: 'ReviewReplyDrafted', data: draft },
        { type: 'AutoReplyScheduled', data: { ...ref, draftId: draft.draftId, ruleId: command.ruleId, comment: draft.comment, dueAt: command.dueAt } },
      ];
    }
    case 'RequestApproval': {
      if (decided(state)) return [];
      const { draft } = command;
      const ref = { reviewId: draft.reviewId, companyId: draft.companyId, locationId: draft.locationId };
      return [
        { type: 'ReviewReplyDrafted', data: draft },
        {
          type: 'ReviewApprovalRequested',
          data: {
            ...ref,
            approvalId: command.approvalId,
            draftId: draft.draftId,
            ruleId: command.ruleId,
            comment: draft.comment,
            approverEmails: command.approverEmails,
            expiresAt: command.expiresAt,
            requestedAt: command.at,
          },
        },
      ];
    }
    case 'Leave':
      if (decided(state)) return [];
      return [{ type: 'AutoReplyLeft', data: { ...command.ref, reason: command.reason, ruleId: command.ruleId } }];
    case 'Cancel':
      if (state.status !== 'scheduled') throw fail(reviewsAiErrors.notScheduled);
      return [{ type: 'AutoReplyCancelled', data: { ...command.ref, by: command.by, cancelledAt: command.at } }];
    case 'Release': {
      if (state.status !== 'scheduled' || !state.draft || !state.dueAt || Date.parse(state.dueAt) > Date.parse(command.at)) return [];
      if (command.answeredBy !== null) return withdrawn(state, command.ref, 'already-answered', command.answeredBy, command.at);
      return [
        {
          type: 'AutoReplyReleased',
          data: { ...command.ref, draftId: state.draft.draftId, ruleId: state.ruleId ?? '', comment: state.draft.comment, releasedAt: command.at },
        },
      ];
    }
    case 'Approve': {
      const approval = requireAwaitingApproval(state, command.approvalId, command.at);
      if (command.answeredBy !== null) return withdrawn(state, command.ref, 'already-answered', command.answeredBy, command.at);
      return [
        {
          type: 'ReviewApprovalGranted',
          data: {
            ...command.ref,
            approvalId: approval.approvalId,
            comment: command.comment,
            via: command.approvalId === null ? 'list' : 'link',
            by: command.by,
            approvedAt: command.at,
          },
        },
      ];
    }
    case 'Reject': {
      const approval = requireAwaitingApproval(state, null, command.at);
      return [{ type: 'ReviewApprovalRejected', data: { ...command.ref, approvalId: approval.approvalId, by: command.by, rejectedAt: command.at } }];
    }
    case 'Withdraw':
      return withdrawn(state, command.ref, command.reason, command.answeredBy, command.at);
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveAutomation(state: AutomationState, event: ReviewsAiEvent): AutomationState {
  switch (event.type) {
    case 'ReviewReplyDrafted':
      return { ...state, draft: { draftId: event.data.draftId, comment: event.data.comment } };
    case 'ReviewReplyDraftFailed':
      return event.data.purpose === 'automation' && state.status === 'none' ? { ...state, status: 'failed' } : state;
    case 'AutoReplyScheduled':
      return { ...state, status: 'scheduled', ruleId: event.data.ruleId, dueAt: event.data.dueAt };
    case 'AutoReplyCancelled':
      return { ...state, status: 'cancelled' };
    case 'AutoReplyReleased':
      return { ...state, status: 'posting' };
    case 'AutoReplyLeft':
      return { ...state, status: 'left', ruleId: event.data.ruleId };
    case 'ReviewApprovalRequested':
      return {
        ...state,
        status: 'awaiting-approval',
        ruleId: event.data.ruleId,
        approval: { approvalId: event.data.approvalId, expiresAt: event.data.expiresAt },
      };
    case 'ReviewApprovalGranted':
      return { ...state, status: 'posting', draft: state.draft ? { ...state.draft, comment: event.data.comment } : state.draft };
    case 'ReviewApprovalRejected':
      return { ...state, status: 'rejected' };
    case 'AutomatedReplyWithdrawn':
      return { ...state, status: 'withdrawn', dueAt: null };
    case 'ReviewAiSettingsSaved':
    case 'AutoReplyRulesSaved':
    case 'BrandSettingsSaved':
      return state;
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const automationDecider: Decider<AutomationState, AutomationCommand, ReviewsAiEvent> = {
  initialState: () => ({ status: 'none', draft: null, ruleId: null, dueAt: null, approval: null }),
  evolve: evolveAutomation,
  decide: decideAutomation,
};
