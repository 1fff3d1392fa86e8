import {
  auditErrors,
  companySettingsStream,
  type CompanySettingsEvent,
  locationStream,
  postTemplateStream,
  templateErrors,
  TemplatePostSchema,
  userStream,
  type TemplateEvent,
  type TemplatePost,
  type EventMetadata,
  type LocationEvent,
  type LocationProfile,
} from '@locus/contracts';
import { fail, type CommandDeps, type EventStore, type RecordedEvent } from '@locus/platform';
import { foldEvents, handleCommand, loadStream, toDomainEventDefault, type DomainEvent, type Fold } from '../kit';
import { requireCompanyLocations, runTemplateCommand, evolveTemplate, templateDecider, type TemplateState } from '../templates/public';
import { evolveLocation, initialLocationState, restoreLocation, type LocationState } from '../locations/public';
import { companySettingsDecider, evolveCompanySettings, initialCompanySettings, type CompanySettingsState } from '../settings/public';
import { loadCompanyMember, updateUserDetails, evolveUser, fullNameOf, initialUserState, type UserState, type UserStreamEvent } from '../users/public';

export interface EntityField {
  Field: string;
  Value: string;
  Secret: boolean;
}

/**
 * An entity the point-in-time view can fold: its stream and the command side's own `evolve`,
 * how to read its fields, and, for entities that can be restored, how.
 */
export interface AuditedEntity<S, E extends DomainEvent> {
  stream(entityId: string): string;
  fold: Fold<S, E>;
  /** The company the entity belongs to (null: none yet, or not a company's). */
  companyOf(state: S, entityId: string): string | null;
  exists(state: S): boolean;
  name(state: S): string;
  fields(state: S): EntityField[];
  /** The fields a restore may bring back (the same for every state, or named by the state). */
  restorable: readonly string[] | ((state: S) => string[]);
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

const USER_DETAILS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
const USER_ADDRESS = ['addressLine1', 'addressLine2', 'city', 'postalCode'] as const;

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
  // Role, status and password have their own commands (and rules); a password is never restored.
  restorable: [...USER_DETAILS, ...USER_ADDRESS],
  async restore(deps, companyId, entityId, state, fields, restoredFrom, metadata) {
    if (state.status === 'none') throw new Error('unreachable: restore of a user that did not exist');
    // The normal edit path: a changed email is reserved (409 when another user holds it now).
    const current = await loadCompanyMember(deps.eventStore, entityId, companyId);
    const pick = (f: (typeof USER_DETAILS)[number] | (typeof USER_ADDRESS)[number]) => (fields.includes(f) ? state[f] : current[f]);
    const withAddress = USER_ADDRESS.some((f) => fields.includes(f));
    const touched = [...USER_DETAILS, ...(withAddress ? USER_ADDRESS : [])];
    if (touched.every((f) => pick(f) === current[f])) return -1;
    const position = await updateUserDetails(
      deps,
      current,
      { firstName: pick('firstName'), lastName: pick('lastName'), email: pick('email'), phoneNumber: pick('phoneNumber') },
      metadata,
      {
        restoredFrom,
        ...(withAddress
          ? { profile: { addressLine1: pick('addressLine1'), addressLine2: pick('addressLine2'), city: pick('city'), postalCode: pick('postalCode') } }
          : {}),
      },
    );
    return position ?? -1;
  },
};

const TEMPLATE_POST_FIELDS = Object.keys(TemplatePostSchema.shape) as (keyof TemplatePost)[];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const template: AuditedEntity<TemplateState, TemplateEvent> = {
  stream: postTemplateStream,
  fold: { evolve: evolveTemplate, initialState: () => ({ status: 'none' }) },
  companyOf: (s) => (s.status === 'none' ? null : s.companyId),
  exists: (s) => s.status === 'draft' || s.status === 'published',
  name: (s) => (s.status === 'none' ? '' : `${s.post.TopicType} post`),
  fields: (s) =>
    s.status === 'none'
      ? []
      : [
          ...TEMPLATE_POST_FIELDS.map((f) => ({ Field: f, Value: text(s.post[f]), Secret: false })),
          { Field: 'locations', Value: String(s.locationIds.length), Secret: false },
          { Field: 'scheduleDate', Value: s.scheduleDate ?? '', Secret: false },
          { Field: 'status', Value: s.status, Secret: false },
        ],
  // A draft's post and locations; the schedule is not brought back (it may have passed).
  restorable: [...TEMPLATE_POST_FIELDS, 'locations'],
  async restore(deps, companyId, entityId, state, fields, restoredFrom, metadata) {
    if (state.status === 'none') throw new Error('unreachable: restore of a template that did not exist');
    const { state: current } = await loadStream(deps.eventStore, postTemplateStream(entityId), templateDecider);
    if (current.status === 'none' || current.status === 'deleted') throw fail(templateErrors.notFound);
    const post = { ...current.post };
    for (const f of TEMPLATE_POST_FIELDS) if (fields.includes(f)) Object.assign(post, { [f]: state.post[f] });
    // Locations deleted since then are refused as in the editor (400 naming the field).
    const locationIds = fields.includes('locations') ? await requireCompanyLocations(deps, companyId, state.locationIds) : current.locationIds;
    if (sameValue(post, current.post) && sameValue(locationIds, current.locationIds)) return -1;
    // The normal save: a published template is refused by the decider (409).
    const result = await runTemplateCommand(deps, metadata, entityId, {
      type: 'SaveTemplate',
      templateId: entityId,
      companyId,
      post,
      locationIds,
      scheduleDate: current.scheduleDate,
      restoredFrom,
    });
    return result.position;
  },
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
  // Plain values of the company's variables (sealed ones are secrets, never restored), by name.
  restorable: (s) => Object.values(s.variables).flatMap((v) => (v.isEncrypted ? [] : [v.variableName])),
  async restore(deps, companyId, _entityId, state, fields, restoredFrom, metadata) {
    let position = -1;
    for (const name of fields) {
      const then = Object.values(state.variables).find((v) => v.variableName === name && !v.isEncrypted);
      if (!then) continue;
      // The normal value command, one per variable; a deleted variable is not found (404), an unchanged one appends nothing.
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: companySettingsStream(companyId),
        decider: companySettingsDecider,
        command: {
          type: 'SetCompanyVariableValue',
          companyId,
          variableId: then.variableId,
          value: then.value,
          actorIsAdministrator: metadata.actor.viewingAsAdmin === true,
          restoredFrom,
        },
        metadata,
        newId: () => deps.ids.uuid(),
      });
      if (result.events.length) position = result.position;
    }
    return position;
  },
};

/** What the audit routes need of an entity type, its state type hidden in closures. */
export interface AuditedKind {
  /** Folds the stream up to the instant; 404 when it does not exist or is another company's. */
  stateAt(deps: Pick<CommandDeps, 'eventStore'>, companyId: string, entityId: string, until: Until): Promise<EntityAtInstant>;
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
  /** What a restore may bring back of this state (none when the type does not restore). */
  restorable: string[];
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
  const restorableIn = (state: S): string[] =>
    !entity.restore ? [] : typeof entity.restorable === 'function' ? entity.restorable(state) : [...entity.restorable];
  return {
    async stateAt(deps, companyId, entityId, until) {
      const { events, state, last } = await fold(deps.eventStore, companyId, entityId, until);
      return {
        name: entity.name(state),
        exists: entity.exists(state),
        position: last?.position ?? 0,
        at: last?.metadata.occurredAt ?? null,
        fields: entity.fields(state),
        restorable: restorableIn(state),
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
  posttemplate: kindOf(template),
};
