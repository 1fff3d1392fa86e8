import type { GoogleChanges, HoursPeriod, LocationEvent, LocationProfile, VoiceOfMerchant } from '@locus/contracts';

export interface Assignment {
  isPrimaryOwner: boolean;
  isStaffMember: boolean;
}

export interface LocationData {
  status: 'active' | 'deleted';
  locationId: string;
  companyId: string;
  connectionId: string;
  accountName: string;
  accountDisplayName: string;
  profile: LocationProfile;
  hours: HoursPeriod[];
  attributes: Record<string, boolean>;
  urls: Record<string, string>;
  /** Google's `locations/<id>` once published or imported. */
  googleName: string | null;
  /** Request ids of Google round trips waiting for their outcome. */
  pendingPublish: string | null;
  pendingSync: string | null;
  pendingDelete: string | null;
  assignments: Record<string, Assignment>;
  /** Google's own changes waiting for a person's decision, per field. */
  googleChanges: GoogleChanges;
  /** Google's voice-of-merchant state last recorded; null before the first read. */
  voiceOfMerchant: VoiceOfMerchant | null;
}

export type LocationState = { status: 'none' } | LocationData;

export const initialLocationState = (): LocationState => ({ status: 'none' });

export const primaryOwnerOf = (state: LocationData): string | null => Object.entries(state.assignments).find(([, a]) => a.isPrimaryOwner)?.[0] ?? null;

export function withoutFields(changes: GoogleChanges, fields: readonly string[]): GoogleChanges {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !fields.includes(field)));
}

export function evolveLocation(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'LocationCreated': {
      const d = event.data;
      return {
        status: 'active',
        locationId: d.locationId,
        companyId: d.companyId,
        connectionId: d.connectionId,
        accountName: d.accountName,
        accountDisplayName: d.accountDisplayName,
        profile: d.profile,
        hours: d.hours,
        attributes: d.attributes,
        urls: {},
        googleName: null,
        pendingPublish: null,
        pendingSync: null,
        pendingDelete: null,
        assignments: {},
        googleChanges: {},
        voiceOfMerchant: null,
      };
    }
    case 'LocationImported': {
      const d = event.data;
      return {
        status: 'active',
        locationId: d.locationId,
        companyId: d.companyId,
        connectionId: d.connectionId,
        accountName: d.accountName,
        accountDisplayName: d.accountDisplayName,
        profile: d.profile,
        hours: d.hours,
        attributes: d.attributes,
        urls: d.urls,
        googleName: d.google.googleName,
        pendingPublish: null,
        pendingSync: null,
        pendingDelete: null,
        assignments: state.status === 'none' ? {} : state.assignments,
        googleChanges: state.status === 'none' ? {} : state.googleChanges,
        voiceOfMerchant: state.status === 'none' ? null : state.voiceOfMerchant,
      };
    }
    default:
      // Every other event needs an existing location: folded below.
      break;
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'LocationUpdated':
      return { ...state, profile: event.data.profile };
    case 'LocationHoursUpdated':
      return { ...state, hours: event.data.hours };
    case 'LocationAttributesUpdated':
      return { ...state, attributes: event.data.attributes, urls: event.data.urls };
    case 'LocationPublishRequested':
      return { ...state, pendingPublish: event.data.requestId };
    case 'LocationPublished':
      return { ...state, googleName: event.data.google.googleName, pendingPublish: null };
    case 'LocationPublishFailed':
      return { ...state, pendingPublish: null };
    case 'LocationSyncRequested':
      return { ...state, pendingSync: event.data.requestId };
    case 'LocationSynced': {
      const d = event.data;
      return { ...state, profile: d.profile, hours: d.hours, attributes: d.attributes, urls: d.urls, googleName: d.google.googleName, pendingSync: null };
    }
    case 'LocationSyncFailed':
      return { ...state, pendingSync: null };
    case 'LocationGoogleUpdateSucceeded':
    case 'LocationGoogleUpdateFailed':
      return state;
    case 'LocationGoogleChangesFound':
      return { ...state, googleChanges: event.data.changes };
    case 'LocationGoogleChangesAccepted':
      return { ...state, profile: event.data.profile, hours: event.data.hours, googleChanges: withoutFields(state.googleChanges, event.data.fields) };
    case 'LocationLocusValuesKept':
      return { ...state, googleChanges: withoutFields(state.googleChanges, event.data.fields) };
    case 'LocationDeleteRequested':
      return { ...state, pendingDelete: event.data.requestId };
    case 'LocationDeleted':
      return { ...state, status: 'deleted', pendingDelete: null };
    case 'LocationDeleteFailed':
      return { ...state, pendingDelete: null };
    case 'LocationVerificationStateChanged':
      return { ...state, voiceOfMerchant: event.data.voiceOfMerchant };
    case 'UserAssignedToLocation': {
      const d = event.data;
      return { ...state, assignments: { ...state.assignments, [d.userId]: { isPrimaryOwner: d.isPrimaryOwner, isStaffMember: d.isStaffMember } } };
    }
    case 'UserUnassignedFromLocation': {
      const { [event.data.userId]: _removed, ...rest } = state.assignments;
      return { ...state, assignments: rest };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
