import type { TemplateEvent, TemplatePost } from '@locus/contracts';
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
    };

export type TemplatePostCommand = { type: 'RetryTemplatePost'; templateId: string; companyId: string; locationId: string; retryId: string };

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
          }
        : state;
    case 'TemplatePostStarted':
      return state.status === 'none' ? state : { ...state, status: 'started', startedAt: event.data.startedAt };
    case 'TemplatePostCreated':
      return state.status === 'none' ? state : { ...state, status: 'created', googlePostName: event.data.googlePostName };
    case 'TemplatePostRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected', googlePostName: event.data.googlePostName };
    case 'TemplatePostFailed':
      return state.status === 'none' || state.status === 'created' || state.status === 'rejected' ? state : { ...state, status: 'failed', startedAt: null };
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

export const templatePostDecider: Decider<TemplatePostState, TemplatePostCommand, TemplateEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveTemplatePost,
  decide: (command, state) =>
    state.status === 'failed' && state.companyId === command.companyId
      ? [
          {
            type: 'TemplatePostRetryRequested',
            data: { templateId: command.templateId, companyId: command.companyId, locationId: command.locationId, retryId: command.retryId },
          },
        ]
      : [],
};
