import {
  BULK_EDIT_FIELD_LABELS,
  BULK_EDIT_JOBS_COLLECTION,
  BULK_EDIT_OUTCOMES_COLLECTION,
  bulkEditErrors,
  bulkEditPreviewRoute,
  characterCount,
  GOOGLE_LIMITS,
  getBulkEditJobRoute,
  listBulkEditJobsRoute,
  listBulkEditOutcomesRoute,
  renderBulkEditValue,
  LOCATIONS_COLLECTION,
  type BulkEditJob,
  type BulkEditJobDoc,
  type BulkEditOutcomeDoc,
  type LocationDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';

const LATEST_JOBS = 20;
const FIELD_LABELS = new Map<string, string>(Object.entries(BULK_EDIT_FIELD_LABELS));
const fieldLabel = (flag: string) => FIELD_LABELS.get(flag) ?? flag;

/** Progress of a job; the estimate divides what is left of the round by the round's pace so far. */
export function toBulkEditJob(doc: BulkEditJobDoc, now: Date): BulkEditJob {
  const pending = doc.status === 'running' ? Math.max(0, doc.total - doc.done - doc.failed) : 0;
  let eta: number | null = null;
  if (doc.status === 'running' && doc.roundOutcomes > 0 && doc.lastOutcomeAt) {
    const elapsedMs = Math.max(1, Date.parse(doc.lastOutcomeAt) - Date.parse(doc.roundStartedAt));
    const leftInRound = Math.max(0, doc.roundTotal - doc.roundOutcomes);
    const sinceLast = Math.max(0, now.getTime() - Date.parse(doc.lastOutcomeAt));
    eta = Math.max(0, Math.round(((leftInRound * elapsedMs) / doc.roundOutcomes - sinceLast) / 1000));
  } else if (doc.status !== 'running') eta = 0;
  return {
    JobId: doc._id,
    Status: doc.status,
    Fields: doc.fields,
    Total: doc.total,
    Done: doc.done,
    Failed: doc.failed,
    Pending: pending,
    Percent: doc.total ? Math.round(((doc.done + doc.failed) / doc.total) * 1000) / 10 : 100,
    EtaSeconds: eta,
    StartedAt: doc.startedAt,
    StartedBy: doc.startedBy,
    FinishedAt: doc.finishedAt,
  };
}

export function bulkEditQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const jobs = () => deps.readModels.collection<BulkEditJobDoc>(BULK_EDIT_JOBS_COLLECTION);
  const outcomes = () => deps.readModels.collection<BulkEditOutcomeDoc>(BULK_EDIT_OUTCOMES_COLLECTION);
  const companyOf = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(bulkEditErrors.jobNotFound));
  const now = () => deps.clock.now();
  /** The caller's company's job, or 404 (another company's job too). */
  const jobOf = async (req: Parameters<typeof callerCompanyId>[0], jobId: string) => {
    const companyId = companyOf(req);
    const job = await jobs().findOne({ _id: jobId });
    if (!job || job.companyId !== companyId) throw fail(bulkEditErrors.jobNotFound);
    return job;
  };

  return [
    implement(listBulkEditJobsRoute, async (req) => {
      const docs = await jobs().find({ companyId: companyOf(req) }, { sort: { startedAt: -1 }, limit: LATEST_JOBS });
      return ok(docs.map((d) => toBulkEditJob(d, now())));
    }),
    implement(bulkEditPreviewRoute, async (req) => {
      const companyId = companyOf(req);
      const ids = req.body.SelectedLocations;
      const docs = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ _id: { $in: ids }, companyId });
      const byId = new Map(docs.map((d) => [d._id, d]));
      const missing = ids.find((id) => !byId.has(id));
      if (missing) throw fail(bulkEditErrors.noLocationFound);
      // the job's own rendering (renderBulkEditValue), so what is shown here is what the job decides on
      return ok(
        ids.map((id) => {
          const doc = byId.get(id)!;
          const length = characterCount(renderBulkEditValue(req.body.ProfileDescription, doc.profile));
          return {
            LocationId: id,
            Title: doc.profile.Title,
            StoreCode: doc.profile.StoreCode,
            DescriptionLength: length,
            DescriptionOverLimit: length > GOOGLE_LIMITS.description.max,
          };
        }),
      );
    }),
    // Counts only, from the job's own small document: the page asks again on every outcome's live message.
    implement(getBulkEditJobRoute, async (req) => ok({ Job: toBulkEditJob(await jobOf(req, req.params.jobId), now()) })),
    implement(listBulkEditOutcomesRoute, async (req) => {
      const job = await jobOf(req, req.params.jobId);
      const { status, page, pageSize } = req.query;
      const filter = status ? { jobId: job._id, status } : { jobId: job._id };
      const [rows, total] = await Promise.all([
        outcomes().find(filter, { sort: { index: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
        status ? outcomes().countDocuments(filter) : job.total,
      ]);
      const locs = rows.length
        ? await deps.readModels
            .collection<LocationDoc>(LOCATIONS_COLLECTION)
            .find({ _id: { $in: rows.map((r) => r.locationId) } }, { projection: { _id: 1, 'profile.Title': 1, 'profile.StoreCode': 1 } })
        : [];
      const byId = new Map(locs.map((l) => [l._id, l]));
      const data = rows.map((r) => ({
        LocationId: r.locationId,
        Title: byId.get(r.locationId)?.profile.Title ?? '',
        StoreCode: byId.get(r.locationId)?.profile.StoreCode ?? '',
        Status: r.status,
        Code: r.code,
        Message: r.message,
        At: r.at,
        // outcomes recorded before fields were kept say nothing of them: all of the job's when it succeeded
        AppliedFields: r.appliedFields ?? (r.status === 'succeeded' ? job.fields.filter((f) => f !== 'Country').map(fieldLabel) : []),
        RefusedFields: (r.refusedFields ?? []).map((f) => ({ Field: f.label, Message: f.message })),
      }));
      return { body: { Success: true as const, Data: data, TotalRecords: total, Page: page, PageSize: pageSize } };
    }),
  ];
}
