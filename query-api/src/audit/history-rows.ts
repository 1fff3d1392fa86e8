import {
  actorKindOfFilter,
  entityTypeWords,
  type HistoryActorDoc,
  type HistoryDoc,
  type HistoryEntityDoc,
  type HistoryFilter,
  type HistoryQuery,
  type HistoryRow,
} from '@locus/contracts';
import type { Collection, Filter, SortSpec } from '@locus/platform';
import { escapeRegex } from '../kit/paging';

/** The history's filter over the read model: every part is answered by an index of the collection. */
export function historyFilter(companyId: string, f: Partial<HistoryFilter>): Filter {
  const filter: Filter = { companyId };
  if (f.entityType) filter.entityType = f.entityType;
  if (f.entityId) filter.entityId = f.entityId;
  if (f.actorId) {
    // "Automation", "Google" and "the Administrator" stand for every line of that kind of actor.
    const kind = actorKindOfFilter(f.actorId);
    if (kind) filter.actorKind = kind;
    else filter.actorId = f.actorId;
  }
  if (f.eventType) filter.type = f.eventType;
  if (f.from || f.to) filter.occurredAt = { ...(f.from ? { $gte: f.from } : {}), ...(f.to ? { $lte: f.to } : {}) };
  const term = f.q?.toLowerCase();
  if (term) filter.searchText = { $regex: escapeRegex(term) };
  return filter;
}

/**
 * Newest first. A date range is read in time order through its own index (company, time,
 * position), not by position over every line of the range: events are appended in time order,
 * so the two orders agree but for events of the same millisecond, which position still orders.
 */
export const historySort = (f: Partial<HistoryFilter>): SortSpec => (f.from || f.to ? { occurredAt: -1, position: -1 } : { position: -1 });

export const historyRowOf = (d: HistoryDoc, currentName?: string, actorName?: string): HistoryRow => ({
  Id: d._id,
  Position: d.position,
  OccurredAt: d.occurredAt,
  Type: d.type,
  Label: d.label,
  EntityType: d.entityType,
  EntityTypeWords: entityTypeWords(d.entityType),
  EntityId: d.entityId,
  EntityName: currentName || d.entityName,
  NamedBy: d.namedBy ?? null,
  Actor: { Id: d.actorId, Name: actorName || d.actorName, Role: d.actorRole, Kind: d.actorKind, AsAdministrator: d.asAdministrator },
  Changes: d.changes.map((c) => ({ Field: c.field, Before: c.before, After: c.after, Secret: c.secret === true })),
  CausedBy: d.causedBy ? { EventId: d.causedBy.eventId, Position: d.causedBy.position, Label: d.causedBy.label } : null,
  Outcome: d.outcome,
  Reason: d.reason,
  RestoredFrom: d.restoredFrom ? { Position: d.restoredFrom.position, At: d.restoredFrom.at } : null,
});

/**
 * Each line's entity by its current name (a renamed location reads as it is called now), or by
 * the current name of the entity it belongs to; the name the line was written with otherwise.
 * One read of the entities for the whole page.
 */
export async function currentNames(entities: Collection<HistoryEntityDoc>, docs: HistoryDoc[]): Promise<Map<string, string>> {
  const keys = new Set<string>();
  for (const d of docs) {
    keys.add(`${d.entityType}:${d.entityId}`);
    if (d.namedBy) keys.add(d.namedBy);
  }
  if (keys.size === 0) return new Map();
  const found = await entities.find({ _id: { $in: [...keys] } });
  const nameOf = new Map(found.filter((e) => e.name).map((e) => [e._id, e.name]));
  const names = new Map<string, string>();
  for (const d of docs) {
    const name = nameOf.get(`${d.entityType}:${d.entityId}`) ?? (d.namedBy ? nameOf.get(d.namedBy) : undefined);
    if (name) names.set(d._id, name);
  }
  return names;
}

/**
 * People whose line was written before their name was known (a sign-up's first events come
 * before the user's own) read by the name they have now.
 */
export async function currentActorNames(actors: Collection<HistoryActorDoc>, docs: HistoryDoc[]): Promise<Map<string, string>> {
  const unnamed = [...new Set(docs.filter((d) => d.actorKind === 'user' && d.actorName === d.actorId).map((d) => d.actorId))];
  if (unnamed.length === 0) return new Map();
  const found = await actors.find({ _id: { $in: unnamed } });
  return new Map(found.filter((a) => a.name).map((a) => [a._id, a.name]));
}

/** "Title: Old → New; Phone: changed" */
export const changesText = (d: HistoryDoc): string =>
  d.changes
    .map((c) => (c.secret ? `${c.field}: changed` : c.before === null ? `${c.field}: ${c.after ?? ''}` : `${c.field}: ${c.before} → ${c.after ?? ''}`))
    .join('; ');

/** How far past a page the history counts its lines (a count of a million lines is never run). */
export const HISTORY_COUNT_AHEAD = 10_000;

export interface HistoryPage {
  rows: HistoryRow[];
  total: number;
  more: boolean;
}

/**
 * One page of the history as the route answers it. With `before` (the previous page's last
 * position) the page is read from just below it through the index, whatever its depth (an
 * offset walks every index entry above it); a date range
 * is ordered by time, so it pages by offset within its range. The count stops
 * HISTORY_COUNT_AHEAD lines past the page; a text search only looks one line ahead (its lines
 * are tested one by one when it matches many, so counting them all would read them all).
 */
export async function readHistoryPage(
  history: Collection<HistoryDoc>,
  companyId: string,
  query: Partial<HistoryFilter> & Pick<HistoryQuery, 'page' | 'pageSize' | 'before'>,
  current?: { entities: Collection<HistoryEntityDoc>; actors: Collection<HistoryActorDoc> },
): Promise<HistoryPage> {
  const rowsOf = async (docs: HistoryDoc[]) => {
    if (!current) return docs.map((d) => historyRowOf(d));
    const [names, actorNames] = await Promise.all([currentNames(current.entities, docs), currentActorNames(current.actors, docs)]);
    return docs.map((d) => historyRowOf(d, names.get(d._id), actorNames.get(d.actorId)));
  };
  const { page, pageSize, before } = query;
  const skip = (page - 1) * pageSize;
  const sort = historySort(query);
  const filter = historyFilter(companyId, query);
  const keyed = before !== undefined && !('occurredAt' in sort);
  const from: Filter = keyed ? { ...filter, position: { $lt: before } } : filter;
  const offset = keyed ? 0 : skip;
  const preceding = keyed ? skip : 0;
  if (query.q) {
    const docs = await history.find(from, { sort, skip: offset, limit: pageSize + 1 });
    const more = docs.length > pageSize;
    const rows = await rowsOf(docs.slice(0, pageSize));
    return { rows, total: preceding + offset + rows.length + (more ? 1 : 0), more };
  }
  const cap = offset + pageSize + HISTORY_COUNT_AHEAD;
  const [docs, counted] = await Promise.all([history.find(from, { sort, skip: offset, limit: pageSize }), history.countDocuments(from, { limit: cap })]);
  return { rows: await rowsOf(docs), total: preceding + counted, more: counted >= cap };
}
