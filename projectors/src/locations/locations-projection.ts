import { bulkEditProjection } from './bulk-edit-projection';
import { locationDefaultsProjection } from './location-defaults-projection';
import {
  LOCATIONS_COLLECTION,
  locationEventSchemas,
  type GoogleChanges,
  type GoogleSnapshot,
  type LocationDoc,
  type CompanyDeletedEvent,
  type ConnectedAccountEvent,
  type LocationEvent,
  type UserEvent,
  type LocationProfile,
  type ReviewSyncEvent,
  type LocationContentEvent,
  completenessOf,
  mediaSummaryOf,
  verificationStateOf,
} from '@locus/contracts';
import type { ProjectionDefinition, SortSpec } from '@locus/platform/ports';
import { locationUsersProjection } from './location-users-projection';
import { joinSearchText, lower } from '../kit/search-text';

/** Directory search keys: StoreCode, Title, PrimaryPhoneNumber, PrimaryOwnerName, StreetAddressLine1, StreetAddressLine2. */
export function searchTextOf(profile: LocationProfile, primaryOwnerName: string | null): string {
  return joinSearchText([
    profile.StoreCode,
    profile.Title,
    profile.PrimaryPhoneNumber,
    primaryOwnerName,
    profile.StreetAddressLine1,
    profile.StreetAddressLine2,
  ]);
}

function openStatusOf(doc: Pick<LocationDoc, 'isPublished' | 'googleOpenStatus'>): string {
  if (!doc.isPublished) return 'Unpublished';
  if (doc.googleOpenStatus === 'CLOSED_TEMPORARILY') return 'ClosedTemporarily';
  if (doc.googleOpenStatus === 'CLOSED_PERMANENTLY') return 'ClosedPermanently';
  return 'Published';
}

const withoutFields = (changes: GoogleChanges, fields: readonly string[]): GoogleChanges =>
  Object.fromEntries(Object.entries(changes).filter(([field]) => !fields.includes(field)));

/** Recomputes the derived keys after any change. */
function finish(doc: LocationDoc): LocationDoc {
  doc.storeCodeSort = lower(doc.profile.StoreCode);
  doc.titleSort = lower(doc.profile.Title);
  doc.stateCode = doc.profile.State.trim().toUpperCase();
  doc.townLower = lower(doc.profile.Town);
  doc.postCode = doc.profile.PostCode.trim();
  doc.openStatus = openStatusOf(doc);
  doc.pendingGoogleEdits = (doc.pendingEditIds as string[]).length;
  doc.searchText = searchTextOf(doc.profile, doc.primaryOwnerName);
  doc.googleChangedCount = Object.keys(doc.googleChanges ?? {}).length;
  const health = completenessOf({ profile: doc.profile, hours: doc.hours, attributes: doc.attributes, urls: doc.urls, media: doc.googleMedia ?? null });
  doc.completeness = health.score;
  doc.missingFields = health.missing;
  doc.verification = verificationStateOf(doc.voiceOfMerchant ?? null);
  return doc;
}

function applyGoogle(doc: LocationDoc, google: GoogleSnapshot): void {
  doc.isPublished = true;
  doc.googleName = google.googleName;
  doc.placeId = google.placeId;
  doc.mapsUri = google.mapsUri;
  doc.googleOpenStatus = google.openStatus;
  doc.canReopen = google.canReopen;
  doc.canDelete = google.canDelete;
  if (google.thumbnailUrl !== null || doc.thumbnailUrl === null) doc.thumbnailUrl = google.thumbnailUrl;
  doc.totalRating = google.totalRating;
  doc.totalRatingsCount = google.totalRatingsCount;
  if (google.media) doc.googleMedia = google.media;
}

function newDoc(
  d: {
    locationId: string;
    companyId: string;
    connectionId: string;
    accountName: string;
    accountDisplayName: string;
    profile: LocationProfile;
    hours: LocationDoc['hours'];
    attributes: Record<string, boolean>;
  },
  at: string,
  previous: LocationDoc | null,
): LocationDoc {
  return {
    _id: d.locationId,
    companyId: d.companyId,
    connectionId: d.connectionId,
    accountName: d.accountName,
    accountDisplayName: d.accountDisplayName,
    profile: d.profile,
    hours: d.hours,
    attributes: d.attributes,
    urls: {},
    isPublished: false,
    googleName: null,
    placeId: null,
    mapsUri: null,
    googleOpenStatus: null,
    openStatus: 'Unpublished',
    canReopen: false,
    canDelete: true,
    thumbnailUrl: null,
    totalRating: null,
    totalRatingsCount: 0,
    lastSyncDate: null,
    createdAt: previous?.createdAt ?? at,
    primaryOwnerId: previous?.primaryOwnerId ?? null,
    primaryOwnerName: previous?.primaryOwnerName ?? null,
    pendingGoogleEdits: 0,
    pendingEditIds: [],
    googleError: null,
    googleErrorAt: null,
    googleMedia: previous?.googleMedia ?? null,
    voiceOfMerchant: previous?.voiceOfMerchant ?? null,
    completeness: 0,
    missingFields: [],
    verification: 'Unknown',
    storeCodeSort: '',
    titleSort: '',
    stateCode: '',
    townLower: '',
    postCode: '',
    searchText: '',
  };
}

const LOCATION_EVENT_TYPES = Object.keys(locationEventSchemas) as LocationEvent['type'][];

/** The directory's sorts (query-api/src/locations/routes.ts): the chosen field, then store code and id. */
const DIRECTORY_SORTS: SortSpec[] = [
  { storeCodeSort: 1, _id: 1 },
  ...(['titleSort', 'totalRatingsCount', 'openStatus', 'lastSyncDate', 'completeness'] as const).map((key): SortSpec => ({
    [key]: -1,
    storeCodeSort: 1,
    _id: 1,
  })),
];
const OTHER_EVENT_TYPES = [
  'GoogleAccountDisconnected',
  'UserUpdated',
  'ProfileUpdated',
  'UserDeleted',
  'CompanyDeleted',
  'ReviewsSynced',
  'LocationMediaRefreshed',
  'LocationMediaAdded',
] as const;

/** The events the projection handles: the locations' own and those that reach their documents. */
type HandledEvent =
  | LocationEvent
  | Extract<ConnectedAccountEvent, { type: 'GoogleAccountDisconnected' }>
  | Extract<UserEvent, { type: 'UserUpdated' | 'ProfileUpdated' | 'UserDeleted' }>
  | CompanyDeletedEvent
  | Extract<ReviewSyncEvent, { type: 'ReviewsSynced' }>
  | Extract<LocationContentEvent, { type: 'LocationMediaRefreshed' | 'LocationMediaAdded' }>;

/**
 * The location directory and details (`locations`), with each location's primary owner.
 * The user-location links are the `location-users` projection's (location-users-projection.ts).
 * Pure and replayable: a rebuild never calls Google.
 */
/** The directory's listing-health filters (Google changed, completeness, verification), last in each sort index. */
const HEALTH_KEYS = { googleChangedCount: 1, completeness: 1, verification: 1 } as const;

export const locationsProjection: ProjectionDefinition<HandledEvent> = {
  name: 'locations',
  // 2: the directory's and the user-location links' search text got an FTS (text) index.
  // 3: directory filter keys (stateCode, townLower, postCode); a new delete/publish/sync attempt clears the last failure.
  // 4: the user-location links moved to their own projection (location-users).
  // 5: listing health (completeness, missing fields, verification state) with its filter indexes.
  // 6: the sort indexes carry the listing-health fields, so a health filter is checked in the walk.
  version: 6,
  collections: [
    {
      name: LOCATIONS_COLLECTION,
      // companyId first: every query is company-scoped; one index per directory sort, ending
      // with the sort's tie-breakers so the page is found in the index alone, then the
      // listing-health filters' fields, which a page walk checks without reading the document.
      indexes: [
        { key: { companyId: 1, storeCodeSort: 1, _id: 1, ...HEALTH_KEYS } },
        { key: { companyId: 1, titleSort: 1, storeCodeSort: 1, _id: 1, ...HEALTH_KEYS } },
        { key: { companyId: 1, totalRatingsCount: 1, storeCodeSort: 1, _id: 1, ...HEALTH_KEYS } },
        { key: { companyId: 1, openStatus: 1, storeCodeSort: 1, _id: 1, ...HEALTH_KEYS } },
        { key: { companyId: 1, lastSyncDate: 1, storeCodeSort: 1, _id: 1, ...HEALTH_KEYS } },
        { key: { companyId: 1, connectionId: 1 } },
        { key: { companyId: 1, stateCode: 1 } },
        { key: { companyId: 1, postCode: 1 } },
        { key: { companyId: 1, townLower: 1 } },
        { key: { companyId: 1, primaryOwnerId: 1 } },
        { key: { companyId: 1, googleChangedCount: 1, storeCodeSort: 1, _id: 1, completeness: 1, verification: 1 } },
        { key: { companyId: 1, completeness: 1, storeCodeSort: 1, _id: 1, googleChangedCount: 1, verification: 1 } },
        { key: { companyId: 1, verification: 1, storeCodeSort: 1, _id: 1, googleChangedCount: 1, completeness: 1 } },
        { key: { searchText: 'text' } },
      ],
      queries: [
        ...DIRECTORY_SORTS.map((sort) => ({ name: `directory by ${Object.keys(sort)[0]}`, filter: { companyId: 'c' }, sort })),
        ...DIRECTORY_SORTS.map((sort) => ({
          name: `directory search by ${Object.keys(sort)[0]}`,
          filter: { companyId: 'c', searchText: { $regex: 'pearl' } },
          sort,
        })),
        {
          name: 'directory of one connection',
          filter: { companyId: 'c', connectionId: 'x', searchText: { $regex: 'bn-0042' } },
          sort: { titleSort: 1, storeCodeSort: 1, _id: 1 },
        },
        { name: 'directory by state', filter: { companyId: 'c', stateCode: 'TX' }, sort: { storeCodeSort: 1, _id: 1 } },
        {
          name: 'directory by status, city and ZIP',
          filter: { companyId: 'c', openStatus: 'Published', townLower: { $regex: 'aus' }, postCode: { $gte: '787', $lt: '787\uffff' } },
          sort: { titleSort: -1, storeCodeSort: 1, _id: 1 },
        },
        { name: 'location items', filter: { companyId: 'c' }, sort: { titleSort: 1, _id: 1 } },
        { name: 'directory of locations Google changed', filter: { companyId: 'c', googleChangedCount: { $gt: 0 } }, sort: { storeCodeSort: 1, _id: 1 } },
        { name: 'directory by completeness below', filter: { companyId: 'c', completeness: { $lt: 60 } }, sort: { storeCodeSort: 1, _id: 1 } },
        {
          name: 'directory by completeness below, by name',
          filter: { companyId: 'c', completeness: { $lt: 80 } },
          sort: { titleSort: -1, storeCodeSort: 1, _id: 1 },
        },
        {
          name: 'directory by verification states, by last sync',
          filter: { companyId: 'c', verification: { $in: ['NeedsVerification', 'OwnershipConflict'] } },
          sort: { lastSyncDate: -1, storeCodeSort: 1, _id: 1 },
        },
        {
          name: 'directory by verification state',
          filter: { companyId: 'c', verification: 'NeedsVerification' },
          sort: { titleSort: 1, storeCodeSort: 1, _id: 1 },
        },
        {
          name: 'directory of locations needing action',
          filter: { companyId: 'c', verification: { $in: ['NeedsVerification', 'OwnershipConflict', 'GuidelinesIssue'] } },
          sort: { storeCodeSort: 1, _id: 1 },
        },
        {
          name: 'listing health: incomplete or needing action',
          filter: { companyId: 'c', completeness: { $lt: 100 } },
          sort: { completeness: 1, storeCodeSort: 1, _id: 1 },
        },
        {
          name: 'directory filters (status, state, city, zip)',
          filter: { companyId: 'c', openStatus: 'OPEN', stateCode: 'CO', townLower: { $regex: 'den' }, postCode: { $gte: '802', $lt: '802\uffff' } },
          sort: { titleSort: 1, storeCodeSort: 1, _id: 1 },
        },
      ],
    },
  ],
  handles: [...LOCATION_EVENT_TYPES, ...OTHER_EVENT_TYPES],
  async evolve(recorded, docs) {
    const at = recorded.metadata.occurredAt;
    switch (recorded.type) {
      case 'GoogleAccountDisconnected': {
        const { connectionId, companyId } = recorded.data;
        for (const doc of await docs.find<LocationDoc>(LOCATIONS_COLLECTION, { companyId, connectionId })) docs.delete(LOCATIONS_COLLECTION, doc._id);
        return;
      }
      case 'CompanyDeleted': {
        const { companyId } = recorded.data;
        for (const doc of await docs.find<LocationDoc>(LOCATIONS_COLLECTION, { companyId })) docs.delete(LOCATIONS_COLLECTION, doc._id);
        return;
      }
      case 'UserUpdated':
      case 'ProfileUpdated': {
        const d = recorded.data;
        const name = `${d.firstName} ${d.lastName}`.trim();
        for (const doc of await docs.find<LocationDoc>(LOCATIONS_COLLECTION, { primaryOwnerId: d.userId })) {
          docs.put(LOCATIONS_COLLECTION, finish({ ...doc, primaryOwnerName: name }));
        }
        return;
      }
      case 'UserDeleted': {
        const { userId } = recorded.data;
        for (const doc of await docs.find<LocationDoc>(LOCATIONS_COLLECTION, { primaryOwnerId: userId })) {
          docs.put(LOCATIONS_COLLECTION, finish({ ...doc, primaryOwnerId: null, primaryOwnerName: null }));
        }
        return;
      }
      case 'ReviewsSynced': {
        // Each read of the location's reviews (import, Sync, the schedule) refreshes the directory's Rating column.
        const d = recorded.data;
        const doc = await docs.get<LocationDoc>(LOCATIONS_COLLECTION, d.locationId);
        if (doc) docs.put(LOCATIONS_COLLECTION, { ...doc, totalRating: d.averageRating, totalRatingsCount: d.totalReviewCount });
        return;
      }
      case 'LocationMediaRefreshed': {
        // Google's media list as the details page read it: the logo, cover and photos of the completeness score.
        const doc = await docs.get<LocationDoc>(LOCATIONS_COLLECTION, recorded.data.locationId);
        if (doc) docs.put(LOCATIONS_COLLECTION, finish({ ...doc, googleMedia: mediaSummaryOf(recorded.data.items) }));
        return;
      }
      case 'LocationMediaAdded': {
        const doc = await docs.get<LocationDoc>(LOCATIONS_COLLECTION, recorded.data.locationId);
        if (!doc) return;
        const added = mediaSummaryOf([recorded.data.item]);
        const was = doc.googleMedia ?? { logo: false, cover: false, photos: 0 };
        const googleMedia = { logo: was.logo || added.logo, cover: was.cover || added.cover, photos: was.photos + added.photos };
        docs.put(LOCATIONS_COLLECTION, finish({ ...doc, googleMedia }));
        return;
      }
      default:
        // The location events: handled below.
        break;
    }

    const event = recorded;
    const id = event.data.locationId;
    const existing = await docs.get<LocationDoc>(LOCATIONS_COLLECTION, id);

    switch (event.type) {
      case 'LocationCreated': {
        const doc = newDoc(event.data, at, null);
        docs.put(LOCATIONS_COLLECTION, finish(doc));
        return;
      }
      case 'LocationImported': {
        const d = event.data;
        const doc = newDoc(d, at, existing);
        doc.urls = d.urls;
        applyGoogle(doc, d.google);
        doc.lastSyncDate = d.syncedAt;
        docs.put(LOCATIONS_COLLECTION, finish(doc));
        return;
      }
      case 'LocationDeleted':
        docs.delete(LOCATIONS_COLLECTION, id);
        return;
      default:
        // The other events change an existing location: handled below.
        break;
    }
    if (!existing) return;
    const doc: LocationDoc = { ...existing, pendingEditIds: [...((existing.pendingEditIds as string[] | undefined) ?? [])] };
    const pending = doc.pendingEditIds as string[];
    const failed = (message: string) => {
      doc.googleError = message;
      doc.googleErrorAt = at;
    };
    const cleared = () => {
      doc.googleError = null;
      doc.googleErrorAt = null;
    };
    const editAwaitingGoogle = () => {
      if (doc.isPublished && !pending.includes(recorded.id)) pending.push(recorded.id);
    };
    const editDone = (sourceEventId: string) => {
      const i = pending.indexOf(sourceEventId);
      if (i >= 0) pending.splice(i, 1);
    };

    switch (event.type) {
      case 'LocationUpdated':
        doc.profile = event.data.profile;
        // A new logo (the Edit dialog's or a bulk edit's) is the header's thumbnail now, not Google's last one.
        if (event.data.changed.includes('LocationProfileMedia') && event.data.profile.LocationProfileMedia)
          doc.thumbnailUrl = event.data.profile.LocationProfileMedia;
        editAwaitingGoogle();
        break;
      case 'LocationHoursUpdated':
        doc.hours = event.data.hours;
        editAwaitingGoogle();
        break;
      case 'LocationAttributesUpdated':
        doc.attributes = event.data.attributes;
        doc.urls = event.data.urls;
        editAwaitingGoogle();
        break;
      case 'LocationPublished':
        applyGoogle(doc, event.data.google);
        doc.lastSyncDate = event.data.publishedAt;
        cleared();
        break;
      case 'LocationSynced': {
        const d = event.data;
        doc.profile = d.profile;
        doc.hours = d.hours;
        doc.attributes = d.attributes;
        doc.urls = d.urls;
        applyGoogle(doc, d.google);
        doc.lastSyncDate = d.syncedAt;
        cleared();
        break;
      }
      case 'LocationGoogleUpdateSucceeded':
        editDone(event.data.sourceEventId);
        cleared();
        break;
      case 'LocationGoogleUpdateFailed':
        editDone(event.data.sourceEventId);
        failed(event.data.message);
        break;
      case 'LocationGoogleChangesFound':
        doc.googleChanges = event.data.changes;
        break;
      case 'LocationGoogleChangesAccepted':
        doc.profile = event.data.profile;
        doc.hours = event.data.hours;
        doc.googleChanges = withoutFields(doc.googleChanges ?? {}, event.data.fields);
        editAwaitingGoogle();
        break;
      case 'LocationLocusValuesKept':
        doc.googleChanges = withoutFields(doc.googleChanges ?? {}, event.data.fields);
        editAwaitingGoogle();
        break;
      case 'LocationPublishFailed':
      case 'LocationSyncFailed':
      case 'LocationDeleteFailed':
        failed(event.data.message);
        break;
      case 'LocationPublishRequested':
      case 'LocationSyncRequested':
      case 'LocationDeleteRequested':
        // A new attempt supersedes the last failure: its outcome says what holds now.
        if (doc.googleError === null) return;
        cleared();
        break;
      case 'LocationVerificationStateChanged':
        doc.voiceOfMerchant = event.data.voiceOfMerchant;
        break;
      case 'UserAssignedToLocation': {
        const d = event.data;
        if (d.isPrimaryOwner) {
          // An assignment names its user; an event without the name keeps the one known.
          const known = doc.primaryOwnerId === d.userId ? doc.primaryOwnerName : null;
          doc.primaryOwnerId = d.userId;
          doc.primaryOwnerName = d.userName || known || '';
        } else if (doc.primaryOwnerId === d.userId) {
          doc.primaryOwnerId = null;
          doc.primaryOwnerName = null;
        }
        break;
      }
      case 'UserUnassignedFromLocation':
        if (doc.primaryOwnerId === event.data.userId) {
          doc.primaryOwnerId = null;
          doc.primaryOwnerName = null;
        }
        break;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
    docs.put(LOCATIONS_COLLECTION, finish(doc));
  },
};

export const projections: ProjectionDefinition[] = [locationsProjection, locationUsersProjection, bulkEditProjection, locationDefaultsProjection];
