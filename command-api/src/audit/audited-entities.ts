import {
  auditErrors,
  companySettingsStream,
  type CompanySettingsEvent,
  locationStream,
  userStream,
  type EventMetadata,
  type LocationEvent,
  type LocationProfile,
} from '@locus/contracts';
import { fail, type CommandDeps, type EventStore, type RecordedEvent } from '@locus/platform';
import { foldEvents, loadStream, toDomainEventDefault, type DomainEvent, type Fold } from '../kit';
import { evolveLocation, initialLocationState, type LocationState } from '../locations/location-state';
import { restoreLocation } from '../locations/restore';
import { evolveCompanySettings, initialCompanySettings, type CompanySettingsState } from '../settings/company-settings';
import { evolveUser, fullNameOf, initialUserState, type UserState, type UserStreamEvent } from '../users/user-state';

export interface EntityField {
  Field: string;
  Value: string;
  Secret: boolean;
}

/**
 * An entity the point-in-time view can fold: its stream and the command side's own `evolve`
 * (issue 15 item 4), how to read its fields, and, for entities that can be restored, how.
 */
export interface AuditedEntity<S, E extends DomainEvent> {
  stream(entityId: string): string;
  fold: Fold<S, E>;
  /** The company the entity belongs to (null: none yet, or not a company's). */
  companyOf(state: S, entityId: string): string | null;
  exists(state: S): boolean;
  name(state: S): string;
  fields(state: S): EntityField[];
  restorable: readonly string[];
  restore?(
    deps: CommandDeps,
    companyId: string,
    entityId: string,
    state: S,
    fields: readonly string[],
    restoredFrom: { position: number; at: string },
    metadata: EventMetadata,
  ): Promise<number>;
}

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(', ');
  if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && 'DisplayName' in v))
    return value.map((v: { DisplayName: string }) => v.DisplayName).join(', ');
  if (typeof value === 'object' && value && 'DisplayName' in value) return String((value as { DisplayName: unknown }).DisplayName);
  return JSON.stringify(value);
};

const clock = (t: { hours: number; minutes: number }) => `${String(t.hours).padStart(2, '0')}:${String(t.minutes).padStart(2, '0')}`;

const PROFILE_FIELDS = [
  'Title',
  'StoreCode',
  'PrimaryPhoneNumber',
  'AdditionalPhoneNumbers',
  'TollFreeNumber',
  'PrimaryEmail',
  'OwnerFirstName',
  'OwnerLastName',
  'LocaleTagline',
  'PrimaryCategory',
  'AdditionalCategories',
  'StreetAddressLine1',
  'StreetAddressLine2',
  'Region',
  'State',
  'Town',
  'PostCode',
  'Latitude',
  'Longitude',
  'Website',
  'ProfileDescription',
  'OpeningDate',
  'Twitter',
  'LinkedIn',
  'Facebook',
  'Yelp',
  'Instagram',
] as const satisfies readonly (keyof LocationProfile)[];

const location: AuditedEntity<LocationState, LocationEvent> = {
  stream: locationStream,
  fold: { evolve: evolveLocation, initialState: initialLocationState },
  companyOf: (s) => (s.status === 'none' ? null : s.companyId),
  exists: (s) => s.status === 'active',
  name: (s) => (s.status === 'none' ? '' : s.profile.Title),
  fields: (s) =>
    s.status === 'none'
      ? []
      : [
          ...PROFILE_FIELDS.map((f) => ({ Field: f, Value: text(s.profile[f]), Secret: false })),
          { Field: 'hours', Value: s.hours.map((h) => `${h.openDay} ${clock(h.openTime)}-${clock(h.closeTime)}`).join(', '), Secret: false },
          { Field: 'status', Value: s.status, Secret: false },
        ],
  restorable: [...PROFILE_FIELDS, 'hours'],
  async restore(deps, companyId, entityId, state, fields, restoredFrom, metadata) {
    if (state.status === 'none') throw new Error('unreachable: restore of a location that did not exist');
    const profile: Partial<LocationProfile> = {};
    for (const f of PROFILE_FIELDS) if (fields.includes(f)) Object.assign(profile, { [f]: state.profile[f] });
    const result = await restoreLocation(
      deps,
      companyId,
      entityId,
      { profile, ...(fields.includes('hours') ? { hours: state.hours } : {}), restoredFrom },
      metadata,
    );
    return result.events.length ? result.position : -1;
  },
};

const user: AuditedEntity<UserState, UserStreamEvent> = {
  stream: userStream,
  fold: { evolve: evolveUser, initialState: initialUserState },
  companyOf: (s) => (s.status === 'none' ? null : s.companyId),
  exists: (s) => s.status === 'active' || s.status === 'deactivated',
  name: (s) => (s.status === 'none' ? '' : fullNameOf(s)),
  fields: (s) =>
    s.status === 'none'
      ? []
      : [
          ...(['firstName', 'lastName', 'email', 'phoneNumber', 'role', 'status', 'addressLine1', 'addressLine2', 'city', 'postalCode'] as const).map((f) => ({
            Field: f,
            Value: text(s[f]),
            Secret: false,
          })),
          { Field: 'password', Value: s.passwordHash ? 'set' : 'not set', Secret: true },
        ],
  restorable: [],
};

const SEALED = /^v\d+\.[A-Za-z0-9_-]{4,}\./;

const companySettings: AuditedEntity<CompanySettingsState, CompanySettingsEvent> = {
  stream: companySettingsStream,
  fold: { evolve: evolveCompanySettings, initialState: initialCompanySettings },
  // One settings stream per company, named by the company's id.
  companyOf: (_s, entityId) => entityId,
  exists: (s) => s.seeded || Object.keys(s.variables).length > 0,
  name: () => 'Company settings',
  fields: (s) => [
    ...Object.values(s.variables).map((v) => ({
      Field: v.variableName,
      Value: v.isEncrypted ? (v.value ? 'set' : '') : (v.value ?? ''),
      Secret: v.isEncrypted,
    })),
    // A sealed value (`v2.<key id>.…`) is never shown, only whether it is set.
    ...Object.entries(s.adminValues).map(([id, value]) =>
      value && SEALED.test(value) ? { Field: `admin:${id}`, Value: 'set', Secret: true } : { Field: `admin:${id}`, Value: value ?? '', Secret: false },
    ),
  ],
  restorable: [],
};

/** What the audit routes need of an entity type, its state type hidden in closures. */
export interface AuditedKind {
  /** Folds the stream up to the instant; 404 when it does not exist or is another company's. */
  stateAt(deps: Pick<CommandDeps, 'eventStore'>, companyId: string, entityId: string, until: Until): Promise<EntityAtInstant>;
  restorable: readonly string[];
  restore?(
    deps: CommandDeps,
    companyId: string,
    entityId: string,
    until: Until,
    fields: readonly string[],
    metadata: EventMetadata,
  ): Promise<{ position: number; changed: boolean }>;
}

/** Up to which event to fold: a position, an instant, or everything. */
export type Until = { position?: number; at?: string };

export interface EntityAtInstant {
  name: string;
  exists: boolean;
  position: number;
  at: string | null;
  fields: EntityField[];
  changes: { Position: number; At: string; Type: string }[];
}

const included = (until: Until) => (e: RecordedEvent) =>
  (until.position === undefined || e.position <= until.position) && (until.at === undefined || e.metadata.occurredAt <= until.at);

function kindOf<S, E extends DomainEvent>(entity: AuditedEntity<S, E>): AuditedKind {
  async function fold(eventStore: EventStore, companyId: string, entityId: string, until: Until) {
    const { events, state: now, revision } = await loadStream<S, E>(eventStore, entity.stream(entityId), entity.fold);
    if (revision === 'no_stream') throw fail(auditErrors.entityNotFound);
    // Tenancy from the entity's latest state: another company's id is not found, whatever the instant.
    if (entity.companyOf(now, entityId) !== companyId) throw fail(auditErrors.entityNotFound);
    const upTo = events.filter(included(until));
    const state = foldEvents(
      entity.fold,
      upTo.map((e) => toDomainEventDefault<E>(e)),
    );
    const last = upTo[upTo.length - 1];
    return { events, state, last };
  }
  return {
    restorable: entity.restorable,
    async stateAt(deps, companyId, entityId, until) {
      const { events, state, last } = await fold(deps.eventStore, companyId, entityId, until);
      return {
        name: entity.name(state),
        exists: entity.exists(state),
        position: last?.position ?? 0,
        at: last?.metadata.occurredAt ?? null,
        fields: entity.fields(state),
        changes: events.map((e) => ({ Position: e.position, At: e.metadata.occurredAt, Type: e.type })),
      };
    },
    ...(entity.restore
      ? {
          async restore(deps, companyId, entityId, until, fields, metadata) {
            const { state, last } = await fold(deps.eventStore, companyId, entityId, until);
            if (!last || !entity.exists(state)) throw fail(auditErrors.notAtInstant);
            const position = await entity.restore!(
              deps,
              companyId,
              entityId,
              state,
              fields,
              { position: last.position, at: last.metadata.occurredAt },
              metadata,
            );
            return { position, changed: position >= 0 };
          },
        }
      : {}),
  };
}

/** The entity types whose state can be folded at an instant; other types answer 404. */
export const auditedKinds: Record<string, AuditedKind> = {
  location: kindOf(location),
  user: kindOf(user),
  companysettings: kindOf(companySettings),
};
