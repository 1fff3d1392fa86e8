import type { ConnectAccountsProgress } from '@locus/contracts';

/** The import progress dialog's state, fed by live notifications and by the process query. */
export interface ImportProgressState {
  processId: string;
  percentage: number;
  currentLocation: ConnectAccountsProgress['currentLocation'];
  errorMessage: string | null;
  /** 100 % reached. */
  done: boolean;
}

export const initialImportProgress = (processId: string): ImportProgressState => ({
  processId,
  percentage: 0,
  currentLocation: null,
  errorMessage: null,
  done: false,
});

const isProgress = (value: unknown): value is ConnectAccountsProgress =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConnectAccountsProgress).processId === 'string' &&
  typeof (value as ConnectAccountsProgress).progressPercentage === 'number';

/**
 * Applies one progress report. Reports of another process are ignored; progress never goes back
 * (a late query answer must not undo a newer live message); an error message stops the import.
 */
export const applyImportProgress = (state: ImportProgressState, report: unknown): ImportProgressState => {
  if (!isProgress(report) || report.processId !== state.processId) return state;
  const percentage = Math.min(100, Math.max(0, Math.round(report.progressPercentage)));
  const errorMessage = report.errorMessage ?? null;
  if (percentage < state.percentage && !errorMessage) return state;
  const location = report.currentLocation ?? state.currentLocation;
  const unchanged =
    percentage === state.percentage &&
    (errorMessage ?? state.errorMessage) === state.errorMessage &&
    JSON.stringify(location) === JSON.stringify(state.currentLocation);
  if (unchanged) return state;
  return {
    processId: state.processId,
    percentage: Math.max(percentage, state.percentage),
    currentLocation: location,
    errorMessage: errorMessage ?? state.errorMessage,
    done: state.done || percentage >= 100,
  };
};

/** The address lines shown under the current location's title. */
export const currentLocationLines = (state: ImportProgressState): string[] =>
  state.currentLocation ? [state.currentLocation.locationAddressLine1, state.currentLocation.locationAddressLine2].filter((l) => l.trim() !== '') : [];

/** The account selection dialog's Start needs at least one selection (spec part 2 §5). */
export const canStartImport = (selected: readonly string[]): boolean => selected.length > 0;
