import type { HistoryDoc, HistoryFilter, HistoryRow } from '@locus/contracts';
import type { Filter } from '@locus/platform';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The history's filter over the read model: every part is answered by an index of the collection. */
export function historyFilter(companyId: string, f: Partial<HistoryFilter>): Filter {
  const filter: Filter = { companyId };
  if (f.entityType) filter.entityType = f.entityType;
  if (f.entityId) filter.entityId = f.entityId;
  if (f.actorId) filter.actorId = f.actorId;
  if (f.eventType) filter.type = f.eventType;
  if (f.from || f.to) filter.occurredAt = { ...(f.from ? { $gte: f.from } : {}), ...(f.to ? { $lte: f.to } : {}) };
  const term = f.q?.toLowerCase();
  if (term) filter.searchText = { $regex: escapeRegex(term) };
  return filter;
}

export const historyRowOf = (d: HistoryDoc): HistoryRow => ({
  Id: d._id,
  Position: d.position,
  OccurredAt: d.occurredAt,
  Type: d.type,
  Label: d.label,
  EntityType: d.entityType,
  EntityId: d.entityId,
  EntityName: d.entityName,
  Actor: { Id: d.actorId, Name: d.actorName, Role: d.actorRole, Kind: d.actorKind, AsAdministrator: d.asAdministrator },
  Changes: d.changes.map((c) => ({ Field: c.field, Before: c.before, After: c.after, Secret: c.secret === true })),
  CausedBy: d.causedBy ? { EventId: d.causedBy.eventId, Position: d.causedBy.position, Label: d.causedBy.label } : null,
  Outcome: d.outcome,
  Reason: d.reason,
  RestoredFrom: d.restoredFrom ? { Position: d.restoredFrom.position, At: d.restoredFrom.at } : null,
});

/** "Title: Old → New; Phone: changed" */
export const changesText = (d: HistoryDoc): string =>
  d.changes
    .map((c) => (c.secret ? `${c.field}: changed` : c.before === null ? `${c.field}: ${c.after ?? ''}` : `${c.field}: ${c.before} → ${c.after ?? ''}`))
    .join('; ');
