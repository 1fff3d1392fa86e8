import { POST_TEMPLATES_COLLECTION, type PostTemplateDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { systemMetadata, type ScheduleDefinition } from '../kit';
import { runTemplateCommand } from './routes';

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
  for (const doc of due) {
    if (signal?.aborted) break;
    try {
      const result = await runTemplateCommand(deps, systemMetadata(deps, doc.companyId), doc._id, {
        type: 'PublishTemplate',
        templateId: doc._id,
        companyId: doc.companyId,
        publishId: deps.ids.uuid(),
        locationIds: doc.locationIds,
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

/** Scheduled publishing: due templates are looked for every `everyMs` (5 s). */
export function templatesSchedules(deps: CommandDeps, options: { everyMs?: number } = {}): ScheduleDefinition[] {
  return [{ name: 'templates-publish-due', everyMs: options.everyMs ?? 5_000, run: async (signal) => void (await publishDueTemplates(deps, signal)) }];
}
