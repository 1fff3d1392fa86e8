import { insightsDailyStream, isoDay, type InsightsEvent } from '@locus/contracts';
import { WrongExpectedVersionError, type CommandDeps } from '@locus/platform';
import { appendEvents, systemMetadata, type ScheduleDefinition } from '../kit';

const HOUR_MS = 3_600_000;

/**
 * Asks for the daily insights refresh once per UTC day: looks every hour (and as soon as it
 * holds the schedule's lease) and appends `InsightsDailyRefreshDue` to that day's stream with
 * `no_stream`, so the day's refresh is asked for once, also across a change of holder; the
 * insights reactor does the work.
 */
export function insightsSchedules(deps: Pick<CommandDeps, 'eventStore' | 'clock' | 'ids'>, options: { everyMs?: number } = {}): ScheduleDefinition[] {
  async function askForToday(): Promise<void> {
    const day = isoDay(deps.clock.now());
    const due: Extract<InsightsEvent, { type: 'InsightsDailyRefreshDue' }> = { type: 'InsightsDailyRefreshDue', data: { day } };
    try {
      await appendEvents(deps, insightsDailyStream(day), [due], systemMetadata(deps, null, { correlationId: `insights-daily-${day}` }), {
        expectedRevision: 'no_stream',
      });
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
    }
  }
  return [{ name: 'insights-daily-refresh', everyMs: options.everyMs ?? HOUR_MS, atStart: true, run: askForToday }];
}
