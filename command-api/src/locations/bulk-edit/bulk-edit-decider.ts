import { bulkEditErrors, type BulkEditEvent } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../../kit/decider';
import { failedLocations, isRunning, jobFold, type BulkEditJobState } from './job-state';

export type JobCommand = { type: 'Start'; data: Extract<BulkEditEvent, { type: 'BulkEditJobStarted' }>['data'] } | { type: 'Retry' };

/** The job stream's decider: a job starts once; a retry runs the failed locations of a finished round. */
export const bulkEditDecider: Decider<BulkEditJobState, JobCommand, BulkEditEvent> = {
  ...jobFold,
  decide(command, state) {
    switch (command.type) {
      case 'Start':
        return { type: 'BulkEditJobStarted', data: command.data };
      case 'Retry': {
        if (!state.started) throw fail(bulkEditErrors.jobNotFound);
        if (isRunning(state)) throw fail(bulkEditErrors.stillRunning);
        const failed = failedLocations(state);
        if (!failed.length) throw fail(bulkEditErrors.nothingToRetry);
        return { type: 'BulkEditRetryRequested', data: { jobId: state.started.jobId, round: state.round + 1, locationIds: failed } };
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
