import { opsMessages } from '@locus/contracts';

/** Texts of /operations (Administrator): projections, reactors and parked events. */
export const opsTexts = {
  title: 'Operations',
  subtitle: (head: number, at: string) => `Head of the event store: position ${head.toLocaleString()} · as of ${at}`,
  projections: 'Projections',
  reactors: 'Reactors',
  parked: 'Parked events',
  columns: {
    name: 'Name',
    version: 'Version',
    generation: 'Generation',
    position: 'Position',
    head: 'Head',
    lag: 'Lag',
    rate: 'Rate (events/s)',
    state: 'State',
    rebuild: 'Rebuild',
    parked: 'Parked',
  },
  rebuild: 'Rebuild',
  rebuildProgress: (percent: number, eta: number | null) => `${percent} %${eta !== null && percent < 100 ? ` · about ${formatSeconds(eta)} left` : ''}`,
  rebuildDone: (generation: number | null) => `Switched to generation ${generation ?? '—'}`,
  rebuildFailed: (error: string | null) => `Rebuild failed: ${error ?? 'unknown error'}`,
  retry: 'Retry',
  skip: 'Skip',
  attempts: (n: number) => `${n} attempt${n === 1 ? '' : 's'}`,
  parkedAt: 'Parked',
  event: 'Event',
  noParked: 'No parked events',
  noParkedDetail: 'Every reactor handled every event it was given.',
  moreParked: (shown: number, all: number) => `Showing the oldest ${shown} of ${all} parked events.`,
  unavailable: 'Projection status is not available',
  confirmRebuild: opsMessages.confirmRebuild,
  confirmSkip: opsMessages.confirmSkip,
  retryFailed: (error: string | null) => `${opsMessages.retryFailed}: ${error ?? ''}`,
  genericFailure: 'The operation failed',
} as const;

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}
