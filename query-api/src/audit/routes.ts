import { Readable } from 'node:stream';
import {
  ACTOR_KIND_FILTERS,
  entityTypeWords,
  eventTypeWords,
  HISTORY_ACTORS_COLLECTION,
  HISTORY_COLLECTION,
  HISTORY_ENTITIES_COLLECTION,
  HISTORY_FACETS_COLLECTION,
  historyExportRoute,
  historyFacetsRoute,
  historyRoute,
  auditErrors,
  type HistoryActorDoc,
  type HistoryDoc,
  type HistoryEntityDoc,
  type HistoryFacetsDoc,
} from '@locus/contracts';
import {
  callerCompanyId,
  exportWriter,
  fail,
  implement,
  type Collection,
  type ExportFormat,
  type Filter,
  type QueryDeps,
  type RouteImplementation,
} from '@locus/platform';
import { changesText, historyFilter, readHistoryPage } from './history-rows';

/**
 * Rows read per batch of an export, only as fast as the client takes them. A batch's text stays
 * under V8's large-object size (about 128 KB), so it dies young instead of waiting in the old
 * generation for a full collection (docs/performance.md, Company history).
 */
export const HISTORY_EXPORT_BATCH = 100;

/**
 * A line's fields: CSV's are cells (the changes as one text, the restore as position@time),
 * NDJSON's the document's own values plus its id and label. One literal, not a spread that adds
 * keys: V8 left such copies in the old generation, where a million of them waited for a full
 * collection (docs/performance.md, Company history).
 */
function exportFields(d: HistoryDoc, format: ExportFormat) {
  const csv = format === 'csv';
  return {
    position: d.position,
    eventDigest: d.eventDigest,
    occurredAt: d.occurredAt,
    type: d.type,
    entityType: d.entityType,
    entityId: d.entityId,
    entity: d.entityName,
    actor: d.actorName,
    actorRole: d.actorRole,
    asAdministrator: d.asAdministrator,
    changes: csv ? changesText(d) : d.changes,
    outcome: d.outcome,
    reason: d.reason,
    restoredFrom: csv ? (d.restoredFrom ? `${d.restoredFrom.position}@${d.restoredFrom.at}` : null) : d.restoredFrom,
    id: d._id,
    label: d.label,
  };
}

/**
 * Export lines newest first, read in batches by position (keyset: each batch starts below the
 * last position), so a million events are never in memory and no batch skips over the earlier ones.
 */
export async function* historyExportLines(collection: Collection<HistoryDoc>, filter: Filter, format: ExportFormat): AsyncGenerator<string> {
  const writer = exportWriter(format);
  const header = writer.header();
  if (header) yield header;
  let below = Number.POSITIVE_INFINITY;
  for (;;) {
    const page: Filter = Number.isFinite(below) ? { ...filter, position: { $lt: below } } : filter;
    const docs = await collection.find(page, { sort: { position: -1 }, limit: HISTORY_EXPORT_BATCH, scan: true });
    let chunk = '';
    for (const d of docs) chunk += writer.line(exportFields(d, format));
    if (chunk) yield chunk;
    if (docs.length < HISTORY_EXPORT_BATCH) return;
    below = docs[docs.length - 1]!.position;
  }
}

/** The company history: pages, the filters' choices and the streamed export. */
export function auditQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const history = () => deps.readModels.collection<HistoryDoc>(HISTORY_COLLECTION);
  const companyOf = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(auditErrors.entityNotFound));

  const page = implement(historyRoute, async (req) => {
    const current = {
      entities: deps.readModels.collection<HistoryEntityDoc>(HISTORY_ENTITIES_COLLECTION),
      actors: deps.readModels.collection<HistoryActorDoc>(HISTORY_ACTORS_COLLECTION),
    };
    const { rows, total, more } = await readHistoryPage(history(), companyOf(req), req.query, current);
    const { page: pageNo, pageSize } = req.query;
    return { body: { Success: true as const, Data: rows, TotalRecords: total, MoreRecords: more, Page: pageNo, PageSize: pageSize } };
  });

  const facets = implement(historyFacetsRoute, async (req) => {
    const doc = await deps.readModels.collection<HistoryFacetsDoc>(HISTORY_FACETS_COLLECTION).findOne({ _id: companyOf(req) });
    const people = Object.entries(doc?.actors ?? {})
      .map(([Id, Name]) => ({ Id, Name }))
      .sort((a, b) => a.Name.localeCompare(b.Name));
    const kinds = (doc?.actorKinds ?? []).flatMap((k) => (k === 'user' ? [] : [{ Id: ACTOR_KIND_FILTERS[k].id, Name: ACTOR_KIND_FILTERS[k].name }]));
    const byWords = (a: { Words: string }, b: { Words: string }) => a.Words.localeCompare(b.Words);
    const EntityTypes = (doc?.entityTypes ?? []).map((Type) => ({ Type, Words: entityTypeWords(Type) })).sort(byWords);
    const EventTypes = (doc?.eventTypes ?? []).map((Type) => ({ Type, Words: eventTypeWords(Type) })).sort(byWords);
    return { body: { Success: true as const, Data: { EntityTypes, EventTypes, Actors: [...people, ...kinds] } } };
  });

  const exportFile = implement(historyExportRoute, async (req) => {
    const { format, ...filters } = req.query;
    const filter = historyFilter(companyOf(req), filters);
    const stamp = deps.clock.now().toISOString().replace(/[:.]/g, '-');
    return {
      body: Readable.from(historyExportLines(history(), filter, format)),
      headers: {
        'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
        'Content-Disposition': `attachment; filename="history-${stamp}.${format === 'csv' ? 'csv' : 'ndjson'}"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  });

  return [page, facets, exportFile];
}
