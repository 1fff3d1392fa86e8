/**
 * Read models of the company history (written by projectors/src/audit, read by query-api/src/audit).
 * One document per event of a company, indexed by company and position.
 */
export const HISTORY_COLLECTION = 'history';
/** The last known readable fields of each entity (the "before" of the next change). */
export const HISTORY_ENTITIES_COLLECTION = 'history-entities';
/** Names and roles of the people who act (users keep their name here after deletion). */
export const HISTORY_ACTORS_COLLECTION = 'history-actors';
/** Per company: entity types, event types and actors seen, for the filters. */
export const HISTORY_FACETS_COLLECTION = 'history-facets';

/** One changed field of an event: before → after as readable text; a secret has neither. */
export interface HistoryChange {
  field: string;
  before: string | null;
  after: string | null;
  secret?: true;
}

export type HistoryActorKind = 'user' | 'administrator' | 'automation' | 'google';

export interface HistoryDoc {
  /** The event id. */
  _id: string;
  companyId: string;
  position: number;
  occurredAt: string;
  type: string;
  /** "Location updated": from the event type's name. */
  label: string;
  streamName: string;
  entityType: string;
  entityId: string;
  entityName: string;
  /** The history-entities key (`type:id`) of the entity whose name names this one (a location's content by the location), or null. */
  namedBy?: string | null;
  actorId: string;
  actorName: string;
  actorRole: string;
  actorKind: HistoryActorKind;
  /** The Administrator acted inside the company. */
  asAdministrator: boolean;
  changes: HistoryChange[];
  /** Outcome from Google or another reactor: the request (event) that caused it. */
  causedBy: { eventId: string; position: number; label: string } | null;
  outcome: 'succeeded' | 'refused' | null;
  reason: string | null;
  restoredFrom: { position: number; at: string } | null;
  /** Lowercased label, entity, actor and changes, for the free-text filter. */
  searchText: string;
  /** SHA-256 of the stored event (position, id, stream, type, data, metadata): what an export chains. */
  eventDigest: string;
  [key: string]: unknown;
}

export interface HistoryEntityDoc {
  _id: string;
  companyId: string;
  entityType: string;
  entityId: string;
  name: string;
  fields: Record<string, string>;
  [key: string]: unknown;
}

export interface HistoryActorDoc {
  _id: string;
  name: string;
  role: string;
  [key: string]: unknown;
}

export interface HistoryFacetsDoc {
  _id: string;
  entityTypes: string[];
  eventTypes: string[];
  actors: Record<string, string>;
  /** Kinds of actors seen other than people (automation, Google) and the Administrator: the filter's pseudo-actors. */
  actorKinds?: HistoryActorKind[];
  [key: string]: unknown;
}
