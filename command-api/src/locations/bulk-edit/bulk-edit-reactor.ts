import {
  bulkEditCancelStream,
  bulkEditErrors,
  locationErrors,
  locationEventSchemas,
  bulkEditMessages,
  bulkEditStream,
  inFormTerms,
  locationStream,
  type BulkEditEvent,
  type EventMetadata,
  type LocationEvent,
  type LocationProfile,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition, RecordedEvent, RecordedOf } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../../connections/public';
import { GoogleApiError } from '../../google/errors';
import { handleCommand, isRecordedOf, loadStream, toDomainEventDefault } from '../../kit';
import { v4LocationName } from '../../google/client';
import { googleEditMask, toGoogleLocation } from '../google-mapping';
import { locationDecider, type LocationCommand } from '../location-decider';
import { evolveLocation, initialLocationState, type LocationState } from '../location-state';
import { jobFold } from './job-state';
import { appliedFields, bulkEditChange, type RefusedField } from './location-change';
import { alreadyOnGoogle } from './on-google';
import { addBulkMedia, bulkEditMedia } from './bulk-media';

type Only<T extends BulkEditEvent['type']> = Extract<BulkEditEvent, { type: T }>;
type Started = Only<'BulkEditJobStarted'>['data'];

/** Locations in flight at once; the shared write queue decides when each really goes to Google. */
export const BULK_EDIT_CONCURRENCY = 64;

const locationFold = { evolve: evolveLocation, initialState: initialLocationState };
/** The events a job's change of a location is recorded as, and Google's acceptance of one. */
const isProfileChange = isRecordedOf(locationEventSchemas, ['LocationUpdated', 'LocationHoursUpdated']);
const isGoogleUpdated = isRecordedOf(locationEventSchemas, ['LocationGoogleUpdateSucceeded']);

/** The location's profile just before the event `eventId` (the job's change) was appended; `now` if it had none then. */
function profileBefore(events: readonly RecordedEvent[], eventId: string, now: LocationProfile): LocationProfile {
  let state = initialLocationState();
  for (const e of events) {
    if (e.id === eventId) break;
    state = evolveLocation(state, toDomainEventDefault<LocationEvent>(e));
  }
  return state.status === 'none' ? now : state.profile;
}

/** The job's change of a location as the Google push needs it: the event's id and type, and the fields it changed. */
interface AppliedChange {
  id: string;
  type: 'LocationUpdated' | 'LocationHoursUpdated';
  changed: string[] | undefined;
}

class Stopped extends Error {
  constructor() {
    super('bulk edit stopped with the reactor runtime; it resumes at the next start');
  }
}

/**
 * Runs a bulk edit (its BulkEditJobStarted, then each BulkEditRetryRequested): for every
 * location of the round, renders the job's values against it, appends the change to the
 * location's stream (LocationUpdated with `bulkJobId`, caused by the job event), pushes it to
 * Google through the shared write queue, and records the outcome on the job's stream.
 *
 * Exactly once per location, across crashes: a location with an outcome for the round is
 * skipped; one whose change is already in its stream is not changed again, and is pushed only
 * when Google does not already hold the values (checked with one read), or is recorded from the
 * location's own Google outcome when that was written.
 */
export function bulkEditReactors(deps: CommandDeps, options: { google?: GoogleAccess; concurrency?: number } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const concurrency = options.concurrency ?? BULK_EDIT_CONCURRENCY;

  async function cancelled(jobId: string): Promise<boolean> {
    const { events } = await loadStream(deps.eventStore, bulkEditCancelStream(jobId), { evolve: (s: boolean) => s, initialState: () => false });
    return events.length > 0;
  }

  /** Metadata of what the job writes for a location: the job's starter as actor, caused by the job event. */
  const metadataOf = (job: Started, source: RecordedEvent): EventMetadata => ({
    companyId: job.companyId,
    actor: { userId: job.startedBy.userId, role: 'CompanyAdmin' },
    correlationId: source.metadata.correlationId,
    causationId: source.id,
    occurredAt: deps.clock.now().toISOString(),
  });

  async function runLocation(job: Started, round: number, locationId: string, source: RecordedEvent, ctx: ReactorContext) {
    const jobStream = bulkEditStream(job.jobId);
    const outcome = (
      ok: boolean,
      detail: { updateMask?: string; alreadyApplied?: boolean; code?: string; message?: string; appliedFields?: string[]; refusedFields?: RefusedField[] },
    ) =>
      ctx.append(
        jobStream,
        [
          ok
            ? {
                type: 'BulkEditLocationSucceeded',
                data: {
                  jobId: job.jobId,
                  locationId,
                  round,
                  updateMask: detail.updateMask ?? '',
                  alreadyApplied: detail.alreadyApplied ?? false,
                  ...(detail.appliedFields ? { appliedFields: detail.appliedFields } : {}),
                },
              }
            : {
                type: 'BulkEditLocationFailed',
                data: {
                  jobId: job.jobId,
                  locationId,
                  round,
                  code: detail.code ?? 'BULK_EDIT.FAILED',
                  message: detail.message ?? '',
                  ...(detail.appliedFields ? { appliedFields: detail.appliedFields } : {}),
                  ...(detail.refusedFields ? { refusedFields: detail.refusedFields } : {}),
                },
              },
        ],
        { key: `outcome:${round}:${locationId}` },
      );

    const loaded = await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), locationFold);
    const state = loaded.state;
    if (state.status !== 'active' || state.companyId !== job.companyId)
      return outcome(false, { code: locationErrors.notFound.code, message: bulkEditMessages.noLocationFound });

    // The job's change of this location: already in its stream (a restart), or made now.
    let applied: AppliedChange[] = loaded.events
      .filter(isProfileChange)
      .filter((e) => e.data.bulkJobId === job.jobId)
      .map((e) => ({ id: e.id, type: e.type, changed: e.type === 'LocationUpdated' ? e.data.changed : undefined }));
    const resumed = applied.length > 0;
    let latestState: LocationState = state;
    // Rendered against the profile as the job found it, after a restart too, so the refused fields are the same ones.
    const change = bulkEditChange(resumed ? profileBefore(loaded.events, applied[0]!.id, state.profile) : state.profile, job.fields, job.values);
    const appliedNames = appliedFields(job.fields, change.refused);
    const refusedText = change.refused.map((r) => `${r.label} (${r.message})`).join('; ');
    /** The location's outcome once its change is where it goes: refused fields make it a failure that names what was applied all the same. */
    const finished = (updateMask: string, alreadyApplied = false) =>
      change.refused.length
        ? outcome(false, {
            code: bulkEditErrors.invalidValue.code,
            message: bulkEditMessages.partlyApplied(refusedText, appliedNames.join(', ')),
            appliedFields: appliedNames,
            refusedFields: change.refused,
          })
        : outcome(true, { updateMask, alreadyApplied, appliedFields: appliedNames });
    if (!resumed) {
      if (!appliedNames.length)
        return outcome(false, {
          code: bulkEditErrors.invalidValue.code,
          message: bulkEditMessages.nothingApplied(refusedText),
          appliedFields: [],
          refusedFields: change.refused,
        });
      // The ids given to the appended events, so the change is known without reading the stream back.
      const ids: string[] = [];
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: locationStream(locationId),
        decider: locationDecider,
        command: (current): LocationCommand => {
          // Rendered again against the state it is appended on (a concurrent edit of other fields is
          // kept); the first attempt decides against the state just read, which `change` was rendered on.
          const now = current === state || current.status !== 'active' ? change : bulkEditChange(current.profile, job.fields, job.values);
          return {
            type: 'UpdateLocation',
            data: { profile: now.profile, ...(now.hours ? { hours: now.hours } : {}), bulkJobId: job.jobId },
          };
        },
        metadata: metadataOf(job, source),
        newId: () => {
          const id = deps.ids.uuid();
          ids.push(id);
          return id;
        },
        // Just read, with the decider's own fold: decided against and appended at its revision.
        loaded,
      });
      // No profile change (values already there, or only default media): photos may still be due.
      const written = ids.slice(ids.length - result.events.length);
      applied = result.events.flatMap((e, i) =>
        e.type === 'LocationUpdated' || e.type === 'LocationHoursUpdated'
          ? [{ id: written[i]!, type: e.type, changed: e.type === 'LocationUpdated' ? e.data.changed : undefined }]
          : [],
      );
      latestState = result.state;
      // Appended right after what was read: the Google outcome goes there without reading the stream again.
      const revisionRead = loaded.revision === 'no_stream' ? -1n : loaded.revision;
      if (result.revision === revisionRead + BigInt(written.length))
        ctx.seen?.(locationStream(locationId), { revision: result.revision, events: [...loaded.events, ...written.map((id) => ({ id }))] });
    }

    // The state the change was appended on, folded with it (or, resumed, the one loaded).
    const latest = latestState;
    if (latest.status !== 'active') return outcome(false, { code: locationErrors.notFound.code, message: bulkEditMessages.noLocationFound });
    // Not on Google: changed in Locus only (photos go to Google alone, so they wait for the location's publish).
    if (!latest.googleName) return finished('');

    const mask = googleEditMask(applied.map((e) => (e.type === 'LocationUpdated' ? { type: e.type, changed: e.changed ?? [] } : { type: e.type })));
    const media = bulkEditMedia(job.fields, job.values);
    if (!mask.length && !media.length) return finished('');

    const googleOutcome = (ok: boolean, code = '', message = '') =>
      ctx.append(
        locationStream(locationId),
        applied.map((e) =>
          ok
            ? { type: 'LocationGoogleUpdateSucceeded', data: { locationId, sourceEventId: e.id, sourceType: e.type, updateMask: mask.join(',') } }
            : { type: 'LocationGoogleUpdateFailed', data: { locationId, sourceEventId: e.id, sourceType: e.type, code, message } },
        ),
        { key: `google:${round}:${locationId}` },
      );

    // Recorded on the location before a crash: only the job's outcome (and perhaps photos) is missing.
    const appliedIds = new Set(applied.map((e) => e.id));
    let profileOnGoogle = !mask.length || (resumed && loaded.events.filter(isGoogleUpdated).some((e) => appliedIds.has(e.data.sourceEventId)));
    let alreadyApplied = resumed && profileOnGoogle && mask.length > 0;

    try {
      const { client, account } = await google.connection(latest.connectionId);
      if (!profileOnGoogle) {
        const wanted = toGoogleLocation(latest.profile, latest.hours);
        if (resumed) {
          const onGoogle = await client.getLocation(latest.googleName, ['name', ...mask].join(','));
          alreadyApplied = alreadyOnGoogle(mask, wanted, onGoogle);
        }
        if (!alreadyApplied) await client.updateLocation(latest.googleName, wanted, mask);
        await googleOutcome(true);
        profileOnGoogle = true;
      }
      const photos = media.length
        ? await addBulkMedia(
            deps,
            ctx,
            {
              jobId: job.jobId,
              round,
              locationId,
              companyId: job.companyId,
              client,
              v4: v4LocationName(account.accountName, latest.googleName),
              metadata: metadataOf(job, source),
            },
            media,
          )
        : ({ ok: true, categories: [] } as const);
      if (!photos.ok) return outcome(false, { code: photos.code, message: inFormTerms(photos.message) });
      return finished([...mask, ...photos.categories.map((c) => `media.${c}`)].join(','), alreadyApplied);
    } catch (err) {
      if (!(err instanceof GoogleApiError) && !String((err as { code?: unknown }).code ?? '').startsWith('CONNECTIONS.')) throw err;
      // The client already retried what could be retried (429 with Google's hint, 5xx); this is Google's answer.
      const code = String((err as { code?: unknown }).code);
      const message = err instanceof GoogleApiError ? inFormTerms(err.message) : (err as Error).message;
      if (!profileOnGoogle) await googleOutcome(false, code, message);
      return outcome(false, { code, message });
    }
  }

  async function runRound(job: Started, round: number, locationIds: readonly string[], source: RecordedEvent, ctx: ReactorContext) {
    const loaded = await loadStream<ReturnType<typeof jobFold.initialState>, BulkEditEvent>(deps.eventStore, bulkEditStream(job.jobId), jobFold);
    if (loaded.state.finishedRounds.includes(round)) return;
    const remaining = locationIds.filter((id) => loaded.state.outcomes[id]?.round !== round);
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (!stop && next < remaining.length) {
        if (ctx.signal?.aborted) throw new Stopped();
        if (await cancelled(job.jobId)) {
          stop = true;
          return;
        }
        const locationId = remaining[next++]!;
        await runLocation(job, round, locationId, source, ctx);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, remaining.length) }, worker));
    if (ctx.signal?.aborted && !stop && next < remaining.length) throw new Stopped();
    await ctx.append(
      bulkEditStream(job.jobId),
      [{ type: 'BulkEditRoundFinished', data: { jobId: job.jobId, round, cancelled: stop, finishedAt: deps.clock.now().toISOString() } }],
      { key: `finished:${round}` },
    );
  }

  const run: ReactorDefinition<Only<'BulkEditJobStarted' | 'BulkEditRetryRequested'>> = {
    name: 'locations.bulk-edit',
    handles: ['BulkEditJobStarted', 'BulkEditRetryRequested'],
    maxAttempts: 20,
    async handle(event: RecordedOf<Only<'BulkEditJobStarted' | 'BulkEditRetryRequested'>>, ctx) {
      if (event.type === 'BulkEditJobStarted') return runRound(event.data, 0, event.data.locationIds, event, ctx);
      const { state } = await loadStream(deps.eventStore, bulkEditStream(event.data.jobId), jobFold);
      if (!state.started) return;
      return runRound(state.started, event.data.round, event.data.locationIds, event, ctx);
    },
  };
  return [run];
}
