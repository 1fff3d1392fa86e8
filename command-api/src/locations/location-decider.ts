import {
  GOOGLE_CHANGE_FIELD_INFO,
  googleChangesErrors,
  locationErrors,
  missingPublishFields,
  type GoogleChangeField,
  type GoogleChanges,
  type HoursPeriod,
  type LocationEvent,
  type LocationProfile,
} from '@locus/contracts';
import { fail, failWith, validationError } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { sameGoogleChanges, sameHours } from './google-changes';
import { evolveLocation, initialLocationState, primaryOwnerOf, type LocationData, type LocationState } from './location-state';

type EventData<T extends LocationEvent['type']> = Extract<LocationEvent, { type: T }>['data'];

export interface AssigneeInfo {
  userId: string;
  userName: string;
  userEmail: string;
}

export type LocationCommand =
  | { type: 'CreateLocation'; data: EventData<'LocationCreated'> }
  | { type: 'UpdateLocation'; data: { profile: LocationProfile; hours?: HoursPeriod[]; bulkJobId?: string } }
  | { type: 'SetRegularHours'; data: { hours: HoursPeriod[] } }
  /** Chosen fields back to their values at an earlier position; nothing when they hold them already. */
  | { type: 'RestoreLocation'; data: { profile: Partial<LocationProfile>; hours?: HoursPeriod[]; restoredFrom: { position: number; at: string } } }
  /** Only the flags and URLs the user changed: a flag null is unset, a URL null removed; the others keep their values. */
  | { type: 'SetAttributes'; data: { attributes: Record<string, boolean | null>; urls: Record<string, string | null> } }
  | { type: 'RequestPublish'; data: { requestId: string } }
  | { type: 'RequestSync'; data: { requestId: string } }
  | { type: 'DeleteLocation'; data: { requestId: string; deleteFromGoogle: boolean } }
  | { type: 'AssignUser'; data: AssigneeInfo & { isPrimaryOwner: boolean; isStaffMember: boolean; known: Record<string, AssigneeInfo> } }
  | { type: 'UnassignUser'; data: { userId: string } }
  /** What Google shows of its own now (a reactor read `getGoogleUpdated`); nothing when Locus knows it already. */
  | { type: 'RecordGoogleChanges'; data: { changes: GoogleChanges; diffMask: string; source: 'import' | 'sync' | 'refresh' | 'notification' } }
  /** A person's decision on fields Google changed: Google's value becomes Locus's, or Locus's goes back to Google. */
  | { type: 'ResolveGoogleChanges'; data: { accept: GoogleChangeField[]; keep: GoogleChangeField[] } }
  | {
      type: 'SaveAssociations';
      data: {
        primaryOwner?: AssigneeInfo | null;
        coOwners?: AssigneeInfo[];
        staff?: AssigneeInfo[];
        /** Names of the users linked now (events about them carry their name). */
        known: Record<string, AssigneeInfo>;
      };
    };

export const locationNotFound = () => fail(locationErrors.notFound);

const requireActive = (state: LocationState): LocationData => {
  if (state.status !== 'active') throw locationNotFound();
  return state;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** `current` with the changed keys set, and those changed to null removed. */
function withChanges<V>(current: Record<string, V>, changes: Record<string, V | null>): Record<string, V> {
  const next: Record<string, V> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Profile fields whose value differs. */
export function changedFields(before: LocationProfile, after: LocationProfile): string[] {
  return (Object.keys(after) as (keyof LocationProfile)[]).filter((k) => !same(before[k], after[k]));
}

function assigned(
  state: LocationData,
  who: AssigneeInfo,
  isPrimaryOwner: boolean,
  isStaffMember: boolean,
  reason: 'assigned' | 'demoted' = 'assigned',
): LocationEvent {
  return {
    type: 'UserAssignedToLocation',
    data: { locationId: state.locationId, userId: who.userId, userName: who.userName, userEmail: who.userEmail, isPrimaryOwner, isStaffMember, reason },
  };
}

const infoOf = (known: Record<string, AssigneeInfo>, userId: string): AssigneeInfo => known[userId] ?? { userId, userName: '', userEmail: '' };

/** One assignment; a new primary owner demotes the previous one to co-owner. */
function assign(state: LocationData, who: AssigneeInfo, isPrimaryOwner: boolean, isStaffMember: boolean, known: Record<string, AssigneeInfo>): LocationEvent[] {
  if (isPrimaryOwner && isStaffMember) throw fail(locationErrors.staffPrimary);
  const current = state.assignments[who.userId];
  if (current && current.isPrimaryOwner === isPrimaryOwner && current.isStaffMember === isStaffMember) return [];
  const events: LocationEvent[] = [];
  const previous = primaryOwnerOf(state);
  if (isPrimaryOwner && previous && previous !== who.userId) events.push(assigned(state, infoOf(known, previous), false, false, 'demoted'));
  events.push(assigned(state, who, isPrimaryOwner, isStaffMember));
  return events;
}

export const locationDecider: Decider<LocationState, LocationCommand, LocationEvent> = {
  initialState: initialLocationState,
  evolve: evolveLocation,
  decide(command, state) {
    switch (command.type) {
      case 'CreateLocation':
        if (state.status !== 'none') throw fail(locationErrors.exists);
        return { type: 'LocationCreated', data: command.data };
      case 'UpdateLocation': {
        const s = requireActive(state);
        const events: LocationEvent[] = [];
        const changed = changedFields(s.profile, command.data.profile);
        const bulk = command.data.bulkJobId ? { bulkJobId: command.data.bulkJobId } : {};
        if (changed.length) events.push({ type: 'LocationUpdated', data: { locationId: s.locationId, profile: command.data.profile, changed, ...bulk } });
        if (command.data.hours && !sameHours(s.hours, command.data.hours))
          events.push({ type: 'LocationHoursUpdated', data: { locationId: s.locationId, hours: command.data.hours, ...bulk } });
        return events;
      }
      case 'RestoreLocation': {
        const s = requireActive(state);
        const { restoredFrom } = command.data;
        const profile = { ...s.profile, ...command.data.profile };
        const events: LocationEvent[] = [];
        const changed = changedFields(s.profile, profile);
        if (changed.length) events.push({ type: 'LocationUpdated', data: { locationId: s.locationId, profile, changed, restoredFrom } });
        if (command.data.hours && !sameHours(s.hours, command.data.hours))
          events.push({ type: 'LocationHoursUpdated', data: { locationId: s.locationId, hours: command.data.hours, restoredFrom } });
        return events;
      }
      case 'SetRegularHours': {
        const s = requireActive(state);
        return sameHours(s.hours, command.data.hours) ? [] : { type: 'LocationHoursUpdated', data: { locationId: s.locationId, hours: command.data.hours } };
      }
      case 'SetAttributes': {
        const s = requireActive(state);
        const attributes = withChanges(s.attributes, command.data.attributes);
        const urls = withChanges(s.urls, command.data.urls);
        if (same(s.attributes, attributes) && same(s.urls, urls)) return [];
        return { type: 'LocationAttributesUpdated', data: { locationId: s.locationId, attributes, urls } };
      }
      case 'RequestPublish': {
        const s = requireActive(state);
        if (s.googleName) throw fail(locationErrors.alreadyPublished);
        // Google would refuse it: say which fields, as the form names them, before asking.
        const missing = missingPublishFields(s.profile);
        if (missing.length) throw validationError('LOCATION.INCOMPLETE', missing.map((f) => f.message).join('; '), missing);
        // A publish already on its way: wait for it rather than create the location twice.
        if (s.pendingPublish) return [];
        return { type: 'LocationPublishRequested', data: { locationId: s.locationId, requestId: command.data.requestId } };
      }
      case 'RequestSync': {
        const s = requireActive(state);
        if (!s.googleName) throw fail(locationErrors.notPublished);
        if (s.pendingSync) return [];
        return { type: 'LocationSyncRequested', data: { locationId: s.locationId, requestId: command.data.requestId } };
      }
      case 'DeleteLocation': {
        const s = requireActive(state);
        if (command.data.deleteFromGoogle && s.googleName) {
          if (s.pendingDelete) return [];
          return { type: 'LocationDeleteRequested', data: { locationId: s.locationId, requestId: command.data.requestId } };
        }
        return {
          type: 'LocationDeleted',
          data: { locationId: s.locationId, companyId: s.companyId, deletedFromGoogle: false, storeCode: s.profile.StoreCode, requestId: null },
        };
      }
      case 'AssignUser': {
        const s = requireActive(state);
        const { isPrimaryOwner, isStaffMember, known, ...who } = command.data;
        return assign(s, who, isPrimaryOwner, isStaffMember, known);
      }
      case 'UnassignUser': {
        const s = requireActive(state);
        if (!s.assignments[command.data.userId]) throw fail(locationErrors.userNotAssigned);
        return { type: 'UserUnassignedFromLocation', data: { locationId: s.locationId, userId: command.data.userId } };
      }
      case 'RecordGoogleChanges': {
        const s = requireActive(state);
        if (sameGoogleChanges(s.googleChanges, command.data.changes)) return [];
        return { type: 'LocationGoogleChangesFound', data: { locationId: s.locationId, ...command.data } };
      }
      case 'ResolveGoogleChanges': {
        const s = requireActive(state);
        const { accept, keep } = command.data;
        const unknown = [...accept, ...keep].filter((f) => !s.googleChanges[f]);
        if (unknown.length) throw failWith(googleChangesErrors.noChange, unknown.map((f) => GOOGLE_CHANGE_FIELD_INFO[f].label).join(', '));
        const pick = (fields: GoogleChangeField[]): GoogleChanges => Object.fromEntries(fields.map((f) => [f, s.googleChanges[f]]));
        const events: LocationEvent[] = [];
        if (accept.length) {
          const accepted = pick(accept);
          const profile = { ...s.profile, ...Object.assign({}, ...Object.values(accepted).map((c) => c.profile)) } as LocationProfile;
          const hours = accepted.Hours?.hours ?? s.hours;
          events.push({
            type: 'LocationGoogleChangesAccepted',
            data: { locationId: s.locationId, fields: accept, accepted, profile, hours, changed: changedFields(s.profile, profile) },
          });
        }
        if (keep.length) events.push({ type: 'LocationLocusValuesKept', data: { locationId: s.locationId, fields: keep, declined: pick(keep) } });
        return events;
      }
      case 'SaveAssociations': {
        const s = requireActive(state);
        const { primaryOwner, coOwners, staff, known } = command.data;
        const target = new Map<string, { who: AssigneeInfo; isPrimaryOwner: boolean; isStaffMember: boolean }>();
        // Start from the current links; each updated group replaces its own members.
        for (const [userId, a] of Object.entries(s.assignments)) target.set(userId, { who: infoOf(known, userId), ...a });
        const group = (isPrimaryOwner: boolean, isStaffMember: boolean) => (a: { isPrimaryOwner: boolean; isStaffMember: boolean }) =>
          a.isPrimaryOwner === isPrimaryOwner && a.isStaffMember === isStaffMember;
        const replace = (members: AssigneeInfo[], isPrimaryOwner: boolean, isStaffMember: boolean) => {
          const inGroup = group(isPrimaryOwner, isStaffMember);
          for (const [userId, a] of [...target]) if (inGroup(a)) target.delete(userId);
          for (const who of members) target.set(who.userId, { who, isPrimaryOwner, isStaffMember });
        };
        if (staff) replace(staff, false, true);
        if (coOwners) replace(coOwners, false, false);
        if (primaryOwner !== undefined) {
          // The co-owner list never holds the primary owner (spec part 2 §5).
          replace(primaryOwner ? [primaryOwner] : [], true, false);
        }
        const events: LocationEvent[] = [];
        for (const userId of Object.keys(s.assignments)) {
          if (!target.has(userId)) events.push({ type: 'UserUnassignedFromLocation', data: { locationId: s.locationId, userId } });
        }
        for (const [userId, t] of target) {
          const current = s.assignments[userId];
          if (current && current.isPrimaryOwner === t.isPrimaryOwner && current.isStaffMember === t.isStaffMember) continue;
          events.push(assigned(s, t.who, t.isPrimaryOwner, t.isStaffMember));
        }
        return events;
      }
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};
