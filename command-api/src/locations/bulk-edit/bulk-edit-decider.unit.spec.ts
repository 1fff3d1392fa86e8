import { describe, it } from 'vitest';
import { emptyBulkEditValues, type BulkEditEvent } from '@locus/contracts';
import { deciderSpec } from '../../kit/testing/decider-spec';
import { bulkEditDecider } from './bulk-edit-decider';

const spec = deciderSpec(bulkEditDecider);
const startedData = {
  jobId: 'j1',
  companyId: 'c1',
  locationIds: ['l1', 'l2', 'l3'],
  fields: ['Website' as const],
  values: { ...emptyBulkEditValues(), Website: 'https://garcia.example/@{StoreCode}' },
  startedBy: { userId: 'u1', name: 'Ada Admin' },
  startedAt: '2026-11-28T10:00:00.000Z',
};
const started: BulkEditEvent = { type: 'BulkEditJobStarted', data: startedData };
const ok = (locationId: string, round = 0): BulkEditEvent => ({
  type: 'BulkEditLocationSucceeded',
  data: { jobId: 'j1', locationId, round, updateMask: 'websiteUri', alreadyApplied: false },
});
const failed = (locationId: string, round = 0): BulkEditEvent => ({
  type: 'BulkEditLocationFailed',
  data: { jobId: 'j1', locationId, round, code: 'GOOGLE.QUOTA', message: 'Google is busy' },
});
const finished = (round = 0): BulkEditEvent => ({
  type: 'BulkEditRoundFinished',
  data: { jobId: 'j1', round, cancelled: false, finishedAt: '2026-11-28T10:01:00.000Z' },
});

describe('bulk edit job decider', () => {
  it('starts a job with its request', () => {
    spec.given([]).when({ type: 'Start', data: startedData }).then([started]);
  });

  it('retries the failed locations of a finished round as the next round', () => {
    spec
      .given([started, ok('l1'), failed('l2'), failed('l3'), finished()])
      .when({ type: 'Retry' })
      .then([{ type: 'BulkEditRetryRequested', data: { jobId: 'j1', round: 1, locationIds: ['l2', 'l3'] } }]);
    const retried: BulkEditEvent = { type: 'BulkEditRetryRequested', data: { jobId: 'j1', round: 1, locationIds: ['l2', 'l3'] } };
    spec
      .given([started, ok('l1'), failed('l2'), failed('l3'), finished(), retried, ok('l2', 1), failed('l3', 1), finished(1)])
      .when({ type: 'Retry' })
      .then([{ type: 'BulkEditRetryRequested', data: { jobId: 'j1', round: 2, locationIds: ['l3'] } }]);
  });

  it('refuses a retry of a missing job, a running round, and a job with nothing failed', () => {
    spec.given([]).when({ type: 'Retry' }).thenThrows({ code: 'BULK_EDIT.NOT_FOUND', kind: 'not_found' });
    spec
      .given([started, failed('l1')])
      .when({ type: 'Retry' })
      .thenThrows('BULK_EDIT.RUNNING');
    spec
      .given([started, ok('l1'), ok('l2'), ok('l3'), finished()])
      .when({ type: 'Retry' })
      .thenThrows('BULK_EDIT.NOTHING_TO_RETRY');
  });
});
