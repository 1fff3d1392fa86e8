import { templateErrors, type TemplateEvent, type TemplateEventOf, type TemplatePost } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/** Aggregate `posttemplate-<templateId>`: a draft, possibly scheduled, until it is published once. */
type Saved = { companyId: string; post: TemplatePost; locationIds: string[]; scheduleDate: string | null };
export type TemplateState =
  { status: 'none' } | ({ status: 'draft' | 'deleted' } & Saved) | ({ status: 'published'; publishId: string; publishedLocationIds: string[] } & Saved);

export type TemplateCommand =
  | {
      type: 'SaveTemplate';
      templateId: string;
      companyId: string;
      post: TemplatePost;
      locationIds: string[];
      scheduleDate: string | null;
      restoredFrom?: { position: number; at: string };
    }
  | { type: 'PublishTemplate'; templateId: string; companyId: string; publishId: string; locationIds: string[]; now: string; scheduled: boolean }
  | { type: 'CancelSchedule'; templateId: string; companyId: string }
  | { type: 'DeleteTemplate'; templateId: string; companyId: string };

type TemplateStreamEvent = TemplateEventOf<'PostTemplateSaved' | 'PostTemplateDeleted' | 'PostTemplateScheduleCancelled' | 'PostTemplatePublishRequested'>;

/** Another company's template is answered like a missing one. */
function existing(state: TemplateState, companyId: string) {
  if (state.status === 'none' || state.status === 'deleted' || state.companyId !== companyId) throw fail(templateErrors.notFound);
  return state;
}

function draft(state: TemplateState, companyId: string) {
  const current = existing(state, companyId);
  if (current.status === 'published') throw fail(templateErrors.alreadyPublished);
  return current;
}

export function decideTemplate(command: TemplateCommand, state: TemplateState): TemplateStreamEvent[] {
  switch (command.type) {
    case 'SaveTemplate': {
      if (state.status !== 'none') draft(state, command.companyId);
      const { type: _t, ...data } = command;
      return [{ type: 'PostTemplateSaved', data }];
    }
    case 'PublishTemplate': {
      // A schedule that came due after the template was published, cancelled or deleted does nothing.
      if (command.scheduled && (state.status !== 'draft' || state.scheduleDate === null || state.companyId !== command.companyId)) return [];
      const current = draft(state, command.companyId);
      if (command.locationIds.length === 0) throw fail(templateErrors.noLocations);
      return [
        {
          type: 'PostTemplatePublishRequested',
          data: {
            templateId: command.templateId,
            companyId: command.companyId,
            publishId: command.publishId,
            post: current.post,
            locationIds: [...new Set(command.locationIds)],
            requestedAt: command.now,
            scheduled: command.scheduled,
          },
        },
      ];
    }
    case 'CancelSchedule': {
      const current = draft(state, command.companyId);
      if (current.scheduleDate === null) throw fail(templateErrors.notScheduled);
      return [{ type: 'PostTemplateScheduleCancelled', data: { templateId: command.templateId, companyId: command.companyId } }];
    }
    case 'DeleteTemplate':
      draft(state, command.companyId);
      return [{ type: 'PostTemplateDeleted', data: { templateId: command.templateId, companyId: command.companyId } }];
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export function evolveTemplate(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'PostTemplateSaved': {
      const { companyId, post, locationIds, scheduleDate } = event.data;
      return { status: 'draft', companyId, post, locationIds, scheduleDate };
    }
    case 'PostTemplateScheduleCancelled':
      return state.status === 'draft' ? { ...state, scheduleDate: null } : state;
    case 'PostTemplateDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'PostTemplatePublishRequested':
      return state.status === 'draft'
        ? { ...state, status: 'published', publishId: event.data.publishId, publishedLocationIds: event.data.locationIds }
        : state;
    case 'TemplatePostRequested':
    case 'TemplatePostStarted':
    case 'TemplatePostCreated':
    case 'TemplatePostFailed':
    case 'TemplatePostRejected':
    case 'TemplatePostApprovedByGoogle':
    case 'TemplatePostRetryRequested':
      return state;
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveTemplate,
  decide: decideTemplate,
};
