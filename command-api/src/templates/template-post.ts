import { templateMessages, type TemplateEvent, type TemplatePost } from '@locus/contracts';
import type { Decider } from '../kit/decider';

/**
 * Aggregate `templatepost-<templateId>-<locationId>`: the one post of a template at one
 * location. `started` without an outcome means a Google call may have been made before a
 * crash: the reactor looks for the post on Google before creating it again.
 */
export type TemplatePostState =
  | { status: 'none' }
  | {
      /** `rejected`: Google took the post and rejected it; final (sending it again would be rejected again). */
      status: 'requested' | 'started' | 'created' | 'rejected' | 'failed';
      companyId: string;
      publishId: string;
      post: TemplatePost;
      startedAt: string | null;
      googlePostName: string | null;
      /** Created and held for Google's review (PROCESSING): the review schedule asks Google until it decides. */
      inReview: boolean;
    };

interface PostAt {
  templateId: string;
  companyId: string;
  locationId: string;
}
export type TemplatePostCommand =
  | ({ type: 'RetryTemplatePost'; retryId: string } & PostAt)
  /** Google's current state of the post it held for review, as `localPosts.get` answered it; `GONE` when Google no longer has it. */
  | ({
      type: 'RecordTemplatePostReview';
      googlePostName: string;
      googleState: string;
      searchUrl: string | null;
      summary: string;
      locationName: string;
      at: string;
    } & PostAt);

export function evolveTemplatePost(state: TemplatePostState, event: TemplateEvent): TemplatePostState {
  switch (event.type) {
    case 'TemplatePostRequested':
      return state.status === 'none'
        ? {
            status: 'requested',
            companyId: event.data.companyId,
            publishId: event.data.publishId,
            post: event.data.post,
            startedAt: null,
            googlePostName: null,
            inReview: false,
          }
        : state;
    case 'TemplatePostStarted':
      return state.status === 'none' ? state : { ...state, status: 'started', startedAt: event.data.startedAt };
    case 'TemplatePostCreated':
      return state.status === 'none'
        ? state
        : { ...state, status: 'created', googlePostName: event.data.googlePostName, inReview: event.data.state === 'PROCESSING' };
    case 'TemplatePostApprovedByGoogle':
      return state.status === 'none' ? state : { ...state, inReview: false };
    case 'TemplatePostRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected', googlePostName: event.data.googlePostName, inReview: false };
    case 'TemplatePostFailed':
      // A created post stays created, unless Google lost it while reviewing it.
      return state.status === 'none' || (state.status === 'created' && !state.inReview) || state.status === 'rejected'
        ? state
        : { ...state, status: 'failed', startedAt: null, inReview: false };
    case 'TemplatePostRetryRequested':
      return state.status === 'failed' ? { ...state, status: 'requested' } : state;
    case 'PostTemplateSaved':
    case 'PostTemplateDeleted':
    case 'PostTemplateScheduleCancelled':
    case 'PostTemplatePublishRequested':
      return state;
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

function decideTemplatePost(command: TemplatePostCommand, state: TemplatePostState): TemplateEvent[] {
  const { templateId, companyId, locationId } = command;
  switch (command.type) {
    case 'RetryTemplatePost':
      return state.status === 'failed' && state.companyId === companyId
        ? [{ type: 'TemplatePostRetryRequested', data: { templateId, companyId, locationId, retryId: command.retryId } }]
        : [];
    case 'RecordTemplatePostReview': {
      // Decided already, or not this post: nothing to record.
      if (state.status !== 'created' || !state.inReview || state.companyId !== companyId || state.googlePostName !== command.googlePostName) return [];
      const { googlePostName } = command;
      if (command.googleState === 'LIVE')
        return [
          {
            type: 'TemplatePostApprovedByGoogle',
            data: { templateId, companyId, locationId, googlePostName, searchUrl: command.searchUrl, approvedAt: command.at },
          },
        ];
      if (command.googleState === 'REJECTED')
        return [
          {
            type: 'TemplatePostRejected',
            data: {
              templateId,
              companyId,
              locationId,
              locationName: command.locationName,
              googlePostName,
              summary: command.summary,
              reason: templateMessages.postRejected,
              rejectedAt: command.at,
            },
          },
        ];
      if (command.googleState === 'GONE')
        return [
          {
            type: 'TemplatePostFailed',
            data: {
              templateId,
              companyId,
              locationId,
              locationName: command.locationName,
              code: 'GOOGLE.NOT_FOUND',
              message: templateMessages.postGoneFromGoogle,
              failedAt: command.at,
            },
          },
        ];
      return [];
    }
    default: {
      const never: never = command;
      void never;
      return [];
    }
  }
}

export const templatePostDecider: Decider<TemplatePostState, TemplatePostCommand, TemplateEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveTemplatePost,
  decide: decideTemplatePost,
};
