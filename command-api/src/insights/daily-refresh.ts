import { insightsDailyStream, isoDay } from '@locus/contracts';
import { WrongExpectedVersionError, type CommandDeps } from '@locus/platform';

const HOUR_MS = 3_600_000;

/**
 * Asks for the daily insights refresh once per UTC day: checks every hour (and at start) and
 * appends `InsightsDailyRefreshDue` to that day's stream with `no_stream`, so however many
 * processes run this, the day's refresh is asked for once; the insights reactor does the work.
 */
export function startDailyInsightsRefresh(deps: Pick<CommandDeps, 'eventStore' | 'clock' | 'ids' | 'logger'>, options: { everyMs?: number } = {}) {
  let stopped = false;
  const tick = async () => {
    const now = deps.clock.now();
    const day = isoDay(now);
    try {
      await deps.eventStore.append(
        insightsDailyStream(day),
        [
          {
            id: deps.ids.uuid(),
            type: 'InsightsDailyRefreshDue',
            data: { day },
            metadata: {
              companyId: null,
              actor: { userId: 'system', role: 'System' },
              correlationId: `insights-daily-${day}`,
              causationId: null,
              occurredAt: now.toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      );
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) return;
      if (!stopped) deps.logger.warn({ err }, 'insights daily refresh could not be asked for');
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), options.everyMs ?? HOUR_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
