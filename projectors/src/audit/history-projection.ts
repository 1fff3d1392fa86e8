import {
  HISTORY_ACTORS_COLLECTION,
  HISTORY_COLLECTION,
  HISTORY_ENTITIES_COLLECTION,
  HISTORY_FACETS_COLLECTION,
  type HistoryActorDoc,
  type HistoryActorKind,
  type HistoryChange,
  type HistoryDoc,
  type HistoryEntityDoc,
  type HistoryFacetsDoc,
  entityTypeWords,
  namingEntityKey,
} from '@locus/contracts';
import { eventDigest, type ProjectionDefinition, type ProjectionDocs, type RecordedEvent } from '@locus/platform/ports';
import { describesEntity, entityOf, flattenData, isGoogleOutcome, labelOf, nameFrom, outcomeOf } from './describe-event';

const SEARCH_TEXT_MAX = 2_000;

interface Who {
  actorId: string;
  actorName: string;
  actorRole: string;
  actorKind: HistoryActorKind;
  asAdministrator: boolean;
}

async function actorName(docs: ProjectionDocs, userId: string, fallback: string): Promise<string> {
  const known = await docs.get<HistoryActorDoc>(HISTORY_ACTORS_COLLECTION, userId);
  return known?.name || fallback;
}

async function whoOf(event: RecordedEvent, docs: ProjectionDocs): Promise<Who> {
  const actor = event.metadata.actor;
  if (actor.role === 'System') {
    const google = isGoogleOutcome(event.type);
    return {
      actorId: actor.userId,
      actorName: google ? 'Google' : 'Automation',
      actorRole: 'System',
      actorKind: google ? 'google' : 'automation',
      asAdministrator: false,
    };
  }
  if (actor.role === 'Anonymous') return { actorId: actor.userId, actorName: 'Anonymous', actorRole: 'Anonymous', actorKind: 'user', asAdministrator: false };
  if (actor.viewingAsAdmin) {
    const adminId = actor.adminUserId ?? actor.userId;
    return {
      actorId: adminId,
      actorName: await actorName(docs, adminId, 'Administrator'),
      actorRole: 'Administrator',
      actorKind: 'administrator',
      asAdministrator: true,
    };
  }
  return {
    actorId: actor.userId,
    actorName: await actorName(docs, actor.userId, actor.userId),
    actorRole: actor.role,
    actorKind: actor.role === 'Administrator' ? 'administrator' : 'user',
    asAdministrator: false,
  };
}

/** Users' names, kept here so a deleted user's past actions still name them. */
function rememberActor(docs: ProjectionDocs, entityId: string, fields: Record<string, string>, previous: HistoryActorDoc | null): void {
  const name = [fields.firstName, fields.lastName].filter(Boolean).join(' ');
  const role = fields.role || previous?.role || '';
  if (!name && !previous) return;
  const next: HistoryActorDoc = { _id: entityId, name: name || previous?.name || '', role };
  if (previous && previous.name === next.name && previous.role === next.role) return;
  docs.put(HISTORY_ACTORS_COLLECTION, next);
}

async function noteFacets(docs: ProjectionDocs, companyId: string, doc: HistoryDoc): Promise<void> {
  const current = (await docs.get<HistoryFacetsDoc>(HISTORY_FACETS_COLLECTION, companyId)) ?? { _id: companyId, entityTypes: [], eventTypes: [], actors: {} };
  const knowsActor = current.actors[doc.actorId] === doc.actorName || doc.actorKind === 'google' || doc.actorKind === 'automation';
  const kinds = current.actorKinds ?? [];
  const knowsKind = doc.actorKind === 'user' || kinds.includes(doc.actorKind);
  if (current.entityTypes.includes(doc.entityType) && current.eventTypes.includes(doc.type) && knowsActor && knowsKind) return;
  docs.put(HISTORY_FACETS_COLLECTION, {
    ...current,
    entityTypes: current.entityTypes.includes(doc.entityType) ? current.entityTypes : [...current.entityTypes, doc.entityType].sort(),
    eventTypes: current.eventTypes.includes(doc.type) ? current.eventTypes : [...current.eventTypes, doc.type].sort(),
    actors: knowsActor ? current.actors : { ...current.actors, [doc.actorId]: doc.actorName },
    actorKinds: knowsKind ? kinds : [...kinds, doc.actorKind].sort(),
  });
}

const restoredFromOf = (data: unknown): HistoryDoc['restoredFrom'] => {
  if (typeof data !== 'object' || data === null || !('restoredFrom' in data)) return null;
  const r = (data as { restoredFrom?: { position?: unknown; at?: unknown } }).restoredFrom;
  return r && typeof r.position === 'number' && typeof r.at === 'string' ? { position: r.position, at: r.at } : null;
};

/**
 * The company history: one readable line per event of a company, whatever
 * its type (`handlesAll`), with who, what entity and what changed field by field. "Before"
 * values come from the entity's previous events (kept in history-entities), secrets never
 * leave the event: they read "changed".
 */
export const historyProjection: ProjectionDefinition = {
  name: 'history',
  version: 2,
  handles: [],
  handlesAll: true,
  liveBatchIntervalMs: 2_000,
  ownThread: true,
  collections: [
    {
      name: HISTORY_COLLECTION,
      // A line is read back only as a later line's cause, mostly within seconds.
      cacheLimit: 2_000,
      indexes: [
        { key: { companyId: 1, position: -1 } },
        { key: { companyId: 1, entityType: 1, position: -1 } },
        { key: { companyId: 1, entityId: 1, position: -1 } },
        { key: { companyId: 1, actorId: 1, position: -1 } },
        { key: { companyId: 1, actorKind: 1, position: -1 } },
        { key: { companyId: 1, type: 1, position: -1 } },
        { key: { companyId: 1, occurredAt: -1, position: -1 } },
        { key: { searchText: 'text' } },
      ],
      queries: [
        { name: 'history page', filter: { companyId: 'c' }, sort: { position: -1 } },
        { name: 'history of an entity type', filter: { companyId: 'c', entityType: 'location' }, sort: { position: -1 } },
        { name: 'history of an entity', filter: { companyId: 'c', entityId: 'e' }, sort: { position: -1 } },
        { name: 'history of an actor', filter: { companyId: 'c', actorId: 'u' }, sort: { position: -1 } },
        { name: 'history of a kind of actor', filter: { companyId: 'c', actorKind: 'google' }, sort: { position: -1 } },
        { name: 'history of an event type', filter: { companyId: 'c', type: 'LocationUpdated' }, sort: { position: -1 } },
        {
          name: 'history of a date range',
          filter: { companyId: 'c', occurredAt: { $gte: '2026-01-01', $lte: '2026-02-01' } },
          sort: { occurredAt: -1, position: -1 },
        },
      ],
    },
    { name: HISTORY_ENTITIES_COLLECTION, indexes: [] },
    { name: HISTORY_ACTORS_COLLECTION, indexes: [] },
    { name: HISTORY_FACETS_COLLECTION, indexes: [] },
  ],
  async evolve(event: RecordedEvent, docs) {
    const { entityType, entityId } = entityOf(event.streamName);
    const flat = flattenData(event.data);
    if (entityType === 'user') rememberActor(docs, entityId, flat.values, await docs.get<HistoryActorDoc>(HISTORY_ACTORS_COLLECTION, entityId));
    const companyId = event.metadata.companyId;
    if (!companyId) return;

    const entityKey = `${entityType}:${entityId}`;
    // The entity is its stream (entityOf is one to one): before the stream's first event it has no fields to look up.
    const known = event.revision === 0n ? null : await docs.get<HistoryEntityDoc>(HISTORY_ENTITIES_COLLECTION, entityKey);
    const entity = known ?? {
      _id: entityKey,
      companyId,
      entityType,
      entityId,
      name: '',
      fields: {},
    };
    const changes: HistoryChange[] = [];
    const keepsState = describesEntity(event.type);
    for (const [field, after] of Object.entries(flat.values)) {
      const before = keepsState ? (entity.fields[field] ?? null) : null;
      if (keepsState && before === after) continue;
      changes.push({ field, before, after });
    }
    for (const field of flat.secrets) changes.push({ field, before: null, after: null, secret: true });
    if (keepsState && changes.length) {
      const fields = { ...entity.fields, ...flat.values };
      docs.put(HISTORY_ENTITIES_COLLECTION, { ...entity, fields, name: nameFrom(fields) ?? entity.name });
    }
    const namedBy = namingEntityKey(entityType, entityId, event.data);
    const ownName = (keepsState ? nameFrom({ ...entity.fields, ...flat.values }) : null) ?? entity.name ?? '';
    // An entity without a name of its own (a location's content, a user's e-mail) reads as the one it belongs to.
    const entityName = ownName || (namedBy ? ((await docs.get<HistoryEntityDoc>(HISTORY_ENTITIES_COLLECTION, namedBy))?.name ?? '') : '');

    const who = await whoOf(event, docs);
    const cause =
      event.metadata.actor.role === 'System' && event.metadata.causationId ? await docs.get<HistoryDoc>(HISTORY_COLLECTION, event.metadata.causationId) : null;
    const { outcome, reason } = outcomeOf(event.type, event.data);
    const restoredFrom = restoredFromOf(event.data);
    const label = restoredFrom ? labelOf(event.type).replace(/ (updated|changed|saved|set)$/, ' restored') : labelOf(event.type);
    const doc: HistoryDoc = {
      _id: event.id,
      companyId,
      position: event.position,
      occurredAt: event.metadata.occurredAt,
      type: event.type,
      label,
      streamName: event.streamName,
      entityType,
      entityId,
      entityName,
      namedBy,
      ...who,
      changes,
      causedBy: cause ? { eventId: cause._id, position: cause.position, label: cause.label } : null,
      outcome,
      reason,
      restoredFrom,
      searchText: [
        label,
        // the event's own name too ("location google update succeeded"), so a search by it still finds the line
        event.type.replace(/([a-z0-9])([A-Z])/g, '$1 $2'),
        entityTypeWords(entityType),
        entityName,
        who.actorName,
        reason ?? '',
        ...changes.map((c) => `${c.field} ${c.before ?? ''} ${c.after ?? ''}`),
      ]
        .join(' ')
        .toLowerCase()
        .slice(0, SEARCH_TEXT_MAX),
      eventDigest: eventDigest(event),
    };
    docs.put(HISTORY_COLLECTION, doc);
    await noteFacets(docs, companyId, doc);
  },
};
