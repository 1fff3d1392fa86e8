import type { BulkEditEvent } from '@locus/contracts';

type Started = Extract<BulkEditEvent, { type: 'BulkEditJobStarted' }>['data'];

/** A bulk edit job as its stream tells it: the request, each location's latest outcome, the rounds. */
export interface BulkEditJobState {
  started: Started | null;
  /** Latest round begun (0: the first run; each retry adds one). */
  round: number;
  /** Locations of each round. */
  roundLocations: Record<number, string[]>;
  finishedRounds: number[];
  /** Latest outcome of each location, by the round that produced it. */
  outcomes: Record<string, { round: number; ok: boolean }>;
}

export const initialJobState = (): BulkEditJobState => ({ started: null, round: 0, roundLocations: {}, finishedRounds: [], outcomes: {} });

export function evolveJob(state: BulkEditJobState, event: BulkEditEvent): BulkEditJobState {
  switch (event.type) {
    case 'BulkEditJobStarted':
      return { ...state, started: event.data, round: 0, roundLocations: { 0: event.data.locationIds } };
    case 'BulkEditLocationSucceeded':
    case 'BulkEditLocationFailed':
      return {
        ...state,
        outcomes: { ...state.outcomes, [event.data.locationId]: { round: event.data.round, ok: event.type === 'BulkEditLocationSucceeded' } },
      };
    case 'BulkEditRetryRequested':
      return { ...state, round: event.data.round, roundLocations: { ...state.roundLocations, [event.data.round]: event.data.locationIds } };
    case 'BulkEditRoundFinished':
      return { ...state, finishedRounds: [...state.finishedRounds, event.data.round] };
    case 'BulkEditCancelRequested':
      return state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

export const jobFold = { evolve: evolveJob, initialState: initialJobState };

export const isRunning = (s: BulkEditJobState) => s.started !== null && !s.finishedRounds.includes(s.round);

/** Locations whose latest outcome is a failure (what a retry runs again). */
export const failedLocations = (s: BulkEditJobState) =>
  Object.entries(s.outcomes)
    .filter(([, o]) => !o.ok)
    .map(([id]) => id);
