/**
 * Read models of bulk edits (projectors/src/bulk-edit):
 * - `bulk-edit-jobs`: one document per job with its counts (progress bar, estimate of the time left).
 * - `bulk-edit-outcomes`: one document per job and location (`<jobId>:<locationId>`), its latest outcome.
 */
export const BULK_EDIT_JOBS_COLLECTION = 'bulk-edit-jobs';
export const BULK_EDIT_OUTCOMES_COLLECTION = 'bulk-edit-outcomes';
/** The id of a location's outcome document in a job (what the live channel names when it changes). */
export const bulkEditOutcomeId = (jobId: string, locationId: string) => `${jobId}:${locationId}`;

export type BulkEditJobStatus = 'running' | 'finished' | 'cancelled';

export interface BulkEditJobDoc {
  _id: string;
  companyId: string;
  status: BulkEditJobStatus;
  round: number;
  fields: string[];
  total: number;
  done: number;
  failed: number;
  startedAt: string;
  startedBy: string;
  /** When the current round started and how many outcomes it has had (its rate gives the estimate). */
  roundStartedAt: string;
  roundTotal: number;
  roundOutcomes: number;
  lastOutcomeAt: string | null;
  finishedAt: string | null;
  [key: string]: unknown;
}

export type BulkEditOutcomeStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface BulkEditOutcomeDoc {
  _id: string;
  jobId: string;
  companyId: string;
  locationId: string;
  /** Index in the selection, so the list keeps its order. */
  index: number;
  status: BulkEditOutcomeStatus;
  code: string | null;
  message: string | null;
  round: number;
  at: string | null;
  /** The job's fields applied there (form names); null until an outcome says (or for outcomes recorded before they were kept). */
  appliedFields?: string[] | null;
  /** Fields refused for this location and why. */
  refusedFields?: { field: string; label: string; message: string }[] | null;
  [key: string]: unknown;
}
