import { POST_TEMPLATES_COLLECTION, SYSTEM_ACTOR, type PostTemplateDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { runTemplateCommand } from './routes';

export interface TemplateScheduler {
  /** Publishes every scheduled template that came due (also run by the timer). */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Scheduled publishing: every `intervalMs` the templates whose schedule date has passed are
 * published with their locations. The schedule lives in the events (and the read model), not
 * in a timer, so it survives restarts; a template published, cancelled or deleted meanwhile
 * is left alone by the decider, and two schedulers racing append one publish (the kit's
 * expected revision).
 */
export function startTemplateScheduler(deps: CommandDeps, options: { intervalMs?: number } = {}): TemplateScheduler {
  const intervalMs = options.intervalMs ?? 5_000;
  let stopped = false;
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function publishDue(): Promise<number> {
    const now = deps.clock.now().toISOString();
    const due = await deps.readModels
      .collection<PostTemplateDoc>(POST_TEMPLATES_COLLECTION)
      .find({ status: 'scheduled', scheduleDate: { $lte: now } }, { sort: { scheduleDate: 1 }, limit: 100 });
    let published = 0;
    for (const doc of due) {
      if (stopped) break;
      try {
        const result = await runTemplateCommand(
          deps,
          { companyId: doc.companyId, actor: SYSTEM_ACTOR, correlationId: deps.ids.uuid(), causationId: null, occurredAt: deps.clock.now().toISOString() },
          doc._id,
          {
            type: 'PublishTemplate',
            templateId: doc._id,
            companyId: doc.companyId,
            publishId: deps.ids.uuid(),
            locationIds: doc.locationIds,
            now,
            scheduled: true,
          },
        );
        published += result.events.length;
      } catch (err) {
        deps.logger.warn({ err, templateId: doc._id }, 'scheduled template publish failed; will try again');
      }
    }
    return published;
  }

  const tick = () => {
    running ??= publishDue().finally(() => {
      running = null;
    });
    return running;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick()
        .catch((err: unknown) => deps.logger.warn({ err }, 'template scheduler tick failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
