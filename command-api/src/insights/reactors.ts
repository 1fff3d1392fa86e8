import {
  DAILY_METRICS,
  IMPORT_HISTORY_DAYS,
  LOCATIONS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  REFRESH_DAYS,
  insightsStream,
  type InsightsEvent,
  type LocationDoc,
  type LocationEvent,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { GoogleApiError } from '../google/errors';
import { dateRangeOf, keywordMonths, metricsRange, monthSlices, monthText, searchKeywords } from './metrics-import';

const MAX_ATTEMPTS = 5;

type Handled =
  Extract<LocationEvent, { type: 'LocationImported' | 'LocationPublished' | 'LocationSynced' }> | Extract<InsightsEvent, { type: 'InsightsDailyRefreshDue' }>;

/** What an import needs to know of a location. */
interface Target {
  locationId: string;
  companyId: string;
  connectionId: string;
  googleName: string;
}

/**
 * The insights import: daily metrics (fetchMultiDailyMetricsTimeSeries) and monthly search
 * keywords of a location, read from Google on import and publish (a year and more), on Sync
 * (the last weeks; the whole history the first time), and every day for every published
 * location. Each month read is one `LocationMetricsImported` whose id comes from the source
 * event and the month, so a re-handled event appends nothing; the projection keeps one value
 * per location, metric and day, so a re-read of the same days changes nothing either.
 */
export function insightsReactors(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const locations = () => deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const hasMetrics = async (locationId: string) => (await deps.readModels.collection(LOCATION_METRICS_COLLECTION).countDocuments({ locationId })) > 0;

  async function importInsights(target: Target, days: number, ctx: ReactorContext, keyPrefix: string): Promise<void> {
    const stream = insightsStream(target.locationId);
    const now = deps.clock.now();
    const importedAt = now.toISOString();
    try {
      const { client } = await google.connection(target.connectionId);
      const range = metricsRange(now, days);
      const series = await client.fetchDailyMetrics(target.googleName, [...DAILY_METRICS], dateRangeOf(range));
      for (const slice of monthSlices(series, range)) {
        await ctx.append(
          stream,
          [{ type: 'LocationMetricsImported', data: { locationId: target.locationId, companyId: target.companyId, ...slice, importedAt } }],
          { key: `${keyPrefix}metrics:${slice.month}`, companyId: target.companyId },
        );
      }
      const months = keywordMonths(now);
      const keywords = await searchKeywords(client, target.googleName, months);
      await ctx.append(
        stream,
        [
          {
            type: 'LocationSearchKeywordsImported',
            data: {
              locationId: target.locationId,
              companyId: target.companyId,
              fromMonth: monthText(months.startMonth),
              toMonth: monthText(months.endMonth),
              keywords,
              importedAt,
            },
          },
        ],
        { key: `${keyPrefix}keywords`, companyId: target.companyId },
      );
    } catch (err) {
      const retryable = err instanceof GoogleApiError ? err.retryable : !(typeof (err as { code?: unknown }).code === 'string');
      if (retryable && ctx.attempt < MAX_ATTEMPTS) throw err;
      const code = err instanceof GoogleApiError ? err.code : String((err as { code?: unknown }).code ?? 'INSIGHTS.IMPORT_FAILED');
      await ctx.append(
        stream,
        [
          {
            type: 'LocationInsightsImportFailed',
            data: {
              locationId: target.locationId,
              companyId: target.companyId,
              code,
              message: err instanceof Error ? err.message : String(err),
              failedAt: deps.clock.now().toISOString(),
            },
          },
        ],
        { key: `${keyPrefix}failed`, companyId: target.companyId },
      );
    }
  }

  /** A published location as the read model holds it (it follows the location's events; retried while it lags). */
  async function publishedTarget(locationId: string): Promise<Target | null> {
    const doc = await locations().findOne({ _id: locationId });
    if (!doc) throw new Error(`location ${locationId} is not in the read model yet`);
    if (!doc.googleName) return null;
    return { locationId, companyId: doc.companyId, connectionId: doc.connectionId, googleName: doc.googleName };
  }

  const importOnChange: ReactorDefinition<Handled> = {
    name: 'insights.import-from-google',
    handles: ['LocationImported', 'LocationPublished', 'LocationSynced', 'InsightsDailyRefreshDue'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      switch (event.type) {
        case 'LocationImported': {
          const d = event.data;
          const target = { locationId: d.locationId, companyId: d.companyId, connectionId: d.connectionId, googleName: d.google.googleName };
          await importInsights(target, IMPORT_HISTORY_DAYS, ctx, '');
          return;
        }
        case 'LocationPublished': {
          const target = await publishedTarget(event.data.locationId);
          if (target) await importInsights(target, IMPORT_HISTORY_DAYS, ctx, '');
          return;
        }
        case 'LocationSynced': {
          const target = await publishedTarget(event.data.locationId);
          if (!target) return;
          await importInsights(target, (await hasMetrics(target.locationId)) ? REFRESH_DAYS : IMPORT_HISTORY_DAYS, ctx, '');
          return;
        }
        case 'InsightsDailyRefreshDue': {
          const published = await locations().find({ isPublished: true }, { projection: { _id: 1, companyId: 1, connectionId: 1, googleName: 1 } });
          // a disconnected account's locations are skipped quietly (one look per account, not one failure per location)
          const connected = new Map<string, boolean>();
          const isConnected = async (connectionId: string) => {
            if (!connected.has(connectionId)) {
              try {
                await google.connection(connectionId);
                connected.set(connectionId, true);
              } catch (err) {
                const code = (err as { code?: unknown }).code;
                if (!(typeof code === 'string' && code.startsWith('CONNECTIONS.'))) throw err;
                connected.set(connectionId, false);
              }
            }
            return connected.get(connectionId)!;
          };
          for (const doc of published) {
            if (!doc.googleName || !(await isConnected(doc.connectionId))) continue;
            const target = { locationId: doc._id, companyId: doc.companyId, connectionId: doc.connectionId, googleName: doc.googleName };
            await importInsights(target, (await hasMetrics(doc._id)) ? REFRESH_DAYS : IMPORT_HISTORY_DAYS, ctx, `${doc._id}:`);
          }
          return;
        }
        default: {
          const never: never = event;
          return never;
        }
      }
    },
  };

  return [importOnChange];
}
