import {
  POST_TEMPLATE_LOCATIONS_COLLECTION,
  POST_TEMPLATE_LOGS_COLLECTION,
  POST_TEMPLATES_COLLECTION,
  templatePostStream,
  type PostTemplateDoc,
  type PostTemplateLocationsDoc,
  type PostTemplateLogDoc,
} from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { GoogleApiError } from '../google/errors';
import { loadStream, runCommand, systemMetadata, type ScheduleDefinition } from '../kit';
import { googleLocationOf } from '../location-content/public';
import { runTemplateCommand } from './routes';
import { templatePostDecider } from './template-post';

/**
 * Publishes every scheduled template whose schedule date has passed, with its locations; the
 * number of events appended. The schedule lives in the events (and the read model), not in a
 * timer, so it survives restarts; a template published, cancelled or deleted meanwhile is left
 * alone by the decider, and two publishers racing append one publish (the kit's expected revision).
 */
export async function publishDueTemplates(deps: CommandDeps, signal?: AbortSignal): Promise<number> {
  const now = deps.clock.now().toISOString();
  const due = await deps.readModels
    .collection<PostTemplateDoc>(POST_TEMPLATES_COLLECTION)
    .find({ status: 'scheduled', scheduleDate: { $lte: now } }, { sort: { scheduleDate: 1 }, limit: 100 });
  let published = 0;
  const locations = deps.readModels.collection<PostTemplateLocationsDoc>(POST_TEMPLATE_LOCATIONS_COLLECTION);
  for (const doc of due) {
    if (signal?.aborted) break;
    try {
      const locationIds = (await locations.findOne({ _id: doc._id }))?.locationIds ?? [];
      const result = await runTemplateCommand(deps, systemMetadata(deps, doc.companyId), doc._id, {
        type: 'PublishTemplate',
        templateId: doc._id,
        companyId: doc.companyId,
        publishId: deps.ids.uuid(),
        locationIds,
        now,
        scheduled: true,
      });
      published += result.events.length;
    } catch (err) {
      deps.logger.warn({ err, templateId: doc._id }, 'scheduled template publish failed; will try again');
    }
  }
  return published;
}

/**
 * Asks Google again about every template post it holds for review (`in-review` in the
 * `post-template-logs` read model) and records its decision on the post's stream:
 * `TemplatePostApprovedByGoogle` (LIVE) or `TemplatePostRejected` (REJECTED); the number of
 * events appended. Reads go through the client's queue, within the project's quota; the decider
 * appends nothing for a post decided meanwhile.
 */
export async function followTemplatePostsInReview(deps: CommandDeps, google: GoogleAccess, signal?: AbortSignal): Promise<number> {
  const logs = await deps.readModels
    .collection<PostTemplateLogDoc>(POST_TEMPLATE_LOGS_COLLECTION)
    // All of them each run: a limit would let the first ones, stuck on a disconnected account, starve the rest.
    .find({ status: 'in-review' }, { sort: { _id: 1 } });
  let appended = 0;
  for (const log of logs) {
    if (signal?.aborted) break;
    const { templateId, companyId, locationId } = log;
    const stream = templatePostStream(templateId, locationId);
    try {
      const { state } = await loadStream(deps.eventStore, stream, templatePostDecider);
      if (state.status !== 'created' || !state.inReview || !state.googlePostName) continue;
      const target = await googleLocationOf(deps, google, companyId, locationId);
      if (!target) continue;
      // Deleted on Google while in review: recorded as failed (a retry posts it anew), not asked about every run.
      const answer = await target.client.getLocalPost(state.googlePostName).catch((err: unknown) => {
        if (err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND') return { state: 'GONE', searchUrl: null, summary: undefined };
        throw err;
      });
      if (answer.state === 'PROCESSING') continue;
      const result = await runCommand(
        deps,
        stream,
        templatePostDecider,
        {
          type: 'RecordTemplatePostReview',
          templateId,
          companyId,
          locationId,
          googlePostName: state.googlePostName,
          googleState: answer.state ?? '',
          searchUrl: answer.searchUrl ?? null,
          summary: answer.summary ?? log.actualContent,
          locationName: log.locationName,
          at: deps.clock.now().toISOString(),
        },
        systemMetadata(deps, companyId),
      );
      appended += result.events.length;
    } catch (err) {
      deps.logger.warn({ err, templateId, locationId }, 'asking Google about a template post in its review failed; will ask again');
    }
  }
  return appended;
}

/**
 * Scheduled publishing: due templates are looked for every `everyMs` (5 s). Template posts in
 * Google's review are asked about every `LOCUS_POST_REVIEW_CHECK_MS` (5 minutes).
 */
export function templatesSchedules(deps: CommandDeps, options: { everyMs?: number; google?: GoogleAccess } = {}): ScheduleDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  return [
    { name: 'templates-publish-due', everyMs: options.everyMs ?? 5_000, run: async (signal) => void (await publishDueTemplates(deps, signal)) },
    {
      name: 'templates-posts-in-review',
      everyMs: deps.config.postReviewCheckMs,
      run: async (signal) => void (await followTemplatePostsInReview(deps, google, signal)),
    },
  ];
}
