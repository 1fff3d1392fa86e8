import type { ProjectionDefinition } from '@locus/platform/ports';
import {
  BULK_EDIT_JOBS_COLLECTION,
  BULK_EDIT_OUTCOMES_COLLECTION,
  bulkEditMessages,
  bulkEditOutcomeId,
  type BulkEditEvent,
  type BulkEditJobDoc,
  type BulkEditOutcomeDoc,
  type CompanyDeletedEvent,
} from '@locus/contracts';

/**
 * Bulk edits: a job document with its counts (done, failed, pending, the current round's pace
 * for the estimate) and one outcome document per selected location.
 */
export const bulkEditProjection: ProjectionDefinition<BulkEditEvent | CompanyDeletedEvent> = {
  name: 'bulk-edits',
  version: 1,
  // A job's outcomes come several a second: gathered, the job's document is written and its tabs
  // told (and their counts read again) a few times a second, not once per location.
  liveBatchIntervalMs: 250,
  collections: [
    {
      name: BULK_EDIT_JOBS_COLLECTION,
      indexes: [{ key: { companyId: 1, startedAt: -1 } }],
      queries: [{ name: 'latest jobs', filter: { companyId: 'c' }, sort: { startedAt: -1 } }],
    },
    {
      name: BULK_EDIT_OUTCOMES_COLLECTION,
      indexes: [{ key: { jobId: 1, index: 1 } }, { key: { jobId: 1, status: 1, index: 1 } }, { key: { companyId: 1 } }],
      queries: [
        { name: 'job outcomes', filter: { jobId: 'j' }, sort: { index: 1 } },
        { name: 'job outcomes of a status', filter: { jobId: 'j', status: 'failed' }, sort: { index: 1 } },
      ],
    },
  ],
  handles: [
    'BulkEditJobStarted',
    'BulkEditLocationSucceeded',
    'BulkEditLocationFailed',
    'BulkEditRetryRequested',
    'BulkEditRoundFinished',
    'BulkEditCancelRequested',
    'CompanyDeleted',
  ],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'CompanyDeleted': {
        for (const doc of await docs.find(BULK_EDIT_JOBS_COLLECTION, { companyId: event.data.companyId })) docs.delete(BULK_EDIT_JOBS_COLLECTION, doc._id);
        for (const doc of await docs.find(BULK_EDIT_OUTCOMES_COLLECTION, { companyId: event.data.companyId }))
          docs.delete(BULK_EDIT_OUTCOMES_COLLECTION, doc._id);
        return;
      }
      case 'BulkEditJobStarted': {
        const d = event.data;
        const job: BulkEditJobDoc = {
          _id: d.jobId,
          companyId: d.companyId,
          status: 'running',
          round: 0,
          fields: d.fields,
          total: d.locationIds.length,
          done: 0,
          failed: 0,
          startedAt: d.startedAt,
          startedBy: d.startedBy.name,
          roundStartedAt: d.startedAt,
          roundTotal: d.locationIds.length,
          roundOutcomes: 0,
          lastOutcomeAt: null,
          finishedAt: null,
        };
        docs.put(BULK_EDIT_JOBS_COLLECTION, job);
        d.locationIds.forEach((locationId, index) => {
          const outcome: BulkEditOutcomeDoc = {
            _id: bulkEditOutcomeId(d.jobId, locationId),
            jobId: d.jobId,
            companyId: d.companyId,
            locationId,
            index,
            status: 'pending',
            code: null,
            message: null,
            round: 0,
            at: null,
          };
          docs.put(BULK_EDIT_OUTCOMES_COLLECTION, outcome);
        });
        return;
      }
      case 'BulkEditLocationSucceeded':
      case 'BulkEditLocationFailed': {
        const d = event.data;
        const [job, outcome] = await Promise.all([
          docs.get<BulkEditJobDoc>(BULK_EDIT_JOBS_COLLECTION, d.jobId),
          docs.get<BulkEditOutcomeDoc>(BULK_EDIT_OUTCOMES_COLLECTION, bulkEditOutcomeId(d.jobId, d.locationId)),
        ]);
        if (!job || !outcome || outcome.status !== 'pending') return;
        const ok = event.type === 'BulkEditLocationSucceeded';
        const note = ok && event.data.updateMask === '' ? bulkEditMessages.notPublished : null;
        docs.put(BULK_EDIT_OUTCOMES_COLLECTION, {
          ...outcome,
          status: ok ? 'succeeded' : 'failed',
          code: ok ? null : event.data.code,
          message: ok ? note : event.data.message,
          round: d.round,
          at,
          appliedFields: d.appliedFields ?? null,
          refusedFields: event.type === 'BulkEditLocationFailed' ? (event.data.refusedFields ?? null) : null,
        });
        docs.put(BULK_EDIT_JOBS_COLLECTION, {
          ...job,
          done: job.done + (ok ? 1 : 0),
          failed: job.failed + (ok ? 0 : 1),
          roundOutcomes: job.roundOutcomes + 1,
          lastOutcomeAt: at,
        });
        return;
      }
      case 'BulkEditRetryRequested': {
        const d = event.data;
        const job = await docs.get<BulkEditJobDoc>(BULK_EDIT_JOBS_COLLECTION, d.jobId);
        if (!job) return;
        let reset = 0;
        for (const locationId of d.locationIds) {
          const outcome = await docs.get<BulkEditOutcomeDoc>(BULK_EDIT_OUTCOMES_COLLECTION, bulkEditOutcomeId(d.jobId, locationId));
          if (!outcome || outcome.status !== 'failed') continue;
          reset++;
          docs.put(BULK_EDIT_OUTCOMES_COLLECTION, { ...outcome, status: 'pending', round: d.round });
        }
        docs.put(BULK_EDIT_JOBS_COLLECTION, {
          ...job,
          status: 'running',
          round: d.round,
          failed: job.failed - reset,
          roundStartedAt: at,
          roundTotal: d.locationIds.length,
          roundOutcomes: 0,
          lastOutcomeAt: null,
          finishedAt: null,
        });
        return;
      }
      case 'BulkEditRoundFinished': {
        const d = event.data;
        const job = await docs.get<BulkEditJobDoc>(BULK_EDIT_JOBS_COLLECTION, d.jobId);
        if (!job) return;
        if (d.cancelled) {
          for (const outcome of await docs.find<BulkEditOutcomeDoc>(BULK_EDIT_OUTCOMES_COLLECTION, { jobId: d.jobId, status: 'pending' }))
            docs.put(BULK_EDIT_OUTCOMES_COLLECTION, { ...outcome, status: 'cancelled', at });
        }
        docs.put(BULK_EDIT_JOBS_COLLECTION, { ...job, status: d.cancelled ? 'cancelled' : 'finished', finishedAt: d.finishedAt });
        return;
      }
      case 'BulkEditCancelRequested':
        // The job reactor stops at the next location and finishes the round as cancelled.
        return;
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};
