import {
  LOCATION_LINK_SOURCES_COLLECTION,
  LOCATION_USERS_COLLECTION,
  type CompanyDeletedEvent,
  type ConnectedAccountEvent,
  type GoogleSnapshot,
  type LocationEvent,
  type LocationLinkSourceDoc,
  type LocationProfile,
  type LocationSnapshot,
  type LocationUserDoc,
  type UserEvent,
} from '@locus/contracts';
import type { ProjectionDefinition, ProjectionDocs } from '@locus/platform/ports';
import { joinSearchText } from '../kit/search-text';

export type LinkFields = Pick<
  LocationUserDoc,
  '_id' | 'companyId' | 'locationId' | 'userId' | 'userName' | 'userEmail' | 'isPrimaryOwner' | 'isStaffMember' | 'createdAt'
>;

/** A link with the location snapshot it shows and searches by. */
export function linkOf(location: LocationSnapshot, link: LinkFields): LocationUserDoc {
  const { _id, companyId, locationId, userId, userName, userEmail, isPrimaryOwner, isStaffMember, createdAt } = link;
  return {
    _id,
    companyId,
    locationId,
    userId,
    userName,
    userEmail,
    isPrimaryOwner,
    isStaffMember,
    createdAt,
    location,
    searchText: joinSearchText([location.title, location.streetAddressLine1, location.streetAddressLine2]),
  };
}

const snapshotOf = (profile: LocationProfile, thumbnailUrl: string | null): LocationSnapshot => ({
  title: profile.Title,
  thumbnailUrl,
  streetAddressLine1: profile.StreetAddressLine1,
  streetAddressLine2: profile.StreetAddressLine2,
});

/** A snapshot holds strings and nulls only. */
const sameSnapshot = (a: LocationSnapshot, b: LocationSnapshot) => {
  const keys = Object.keys(a) as (keyof LocationSnapshot)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/** Google's thumbnail replaces the one kept unless Google has none and one is kept (as on the location document). */
const thumbnailAfter = (google: GoogleSnapshot, kept: string | null) => (google.thumbnailUrl !== null || kept === null ? google.thumbnailUrl : kept);

/** Stores the location's source and puts the snapshot into each of its links (none to touch when the snapshot is the one they hold). */
async function keepSource(docs: ProjectionDocs, source: LocationLinkSourceDoc, before?: LocationLinkSourceDoc): Promise<void> {
  if (before && sameSnapshot(before.location, source.location)) return;
  docs.put(LOCATION_LINK_SOURCES_COLLECTION, source);
  for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { locationId: source._id })) {
    docs.put(LOCATION_USERS_COLLECTION, linkOf(source.location, link));
  }
}

async function removeLocation(docs: ProjectionDocs, locationId: string): Promise<void> {
  docs.delete(LOCATION_LINK_SOURCES_COLLECTION, locationId);
  for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { locationId })) docs.delete(LOCATION_USERS_COLLECTION, link._id);
}

/** The events that reach a user-location link or the location snapshot it carries. */
type HandledEvent =
  | Extract<
      LocationEvent,
      {
        type:
          | 'LocationCreated'
          | 'LocationImported'
          | 'LocationUpdated'
          | 'LocationSynced'
          | 'LocationPublished'
          | 'LocationDeleted'
          | 'UserAssignedToLocation'
          | 'UserUnassignedFromLocation';
      }
    >
  | Extract<ConnectedAccountEvent, { type: 'GoogleAccountDisconnected' }>
  | Extract<UserEvent, { type: 'UserUpdated' | 'ProfileUpdated' | 'UserDeleted' }>
  | CompanyDeletedEvent;

/**
 * The user-location links (`location-users`): who is assigned to a location (primary owner,
 * co-owner, staff member), each link with a snapshot of its location for the user's
 * Associated Locations list and search. It keeps its own copy of each location's company,
 * account and snapshot (`location-link-sources`), so it is built apart from the directory's
 * `locations` projection, with its own version and checkpoint.
 */
export const locationUsersProjection: ProjectionDefinition<HandledEvent> = {
  name: 'location-users',
  // 1: split from the `locations` projection (which kept the links at its version 3).
  version: 1,
  collections: [
    {
      name: LOCATION_USERS_COLLECTION,
      indexes: [
        // createdAt last: the user's and the location's lists are sorted by it.
        { key: { companyId: 1, userId: 1, createdAt: -1 } },
        { key: { companyId: 1, locationId: 1, createdAt: 1 } },
        { key: { locationId: 1 } },
        { key: { userId: 1 } },
        { key: { searchText: 'text' } },
      ],
      queries: [
        { name: 'locations of a user', filter: { companyId: 'c', userId: 'u', searchText: { $regex: 'pearl' } }, sort: { createdAt: -1, _id: 1 } },
        { name: 'users of a location', filter: { companyId: 'c', locationId: 'l' }, sort: { createdAt: 1, _id: 1 } },
      ],
    },
    { name: LOCATION_LINK_SOURCES_COLLECTION, indexes: [{ key: { companyId: 1, connectionId: 1 } }] },
  ],
  handles: [
    'LocationCreated',
    'LocationImported',
    'LocationUpdated',
    'LocationSynced',
    'LocationPublished',
    'LocationDeleted',
    'UserAssignedToLocation',
    'UserUnassignedFromLocation',
    'GoogleAccountDisconnected',
    'CompanyDeleted',
    'UserUpdated',
    'ProfileUpdated',
    'UserDeleted',
  ],
  async evolve(event, docs) {
    switch (event.type) {
      case 'GoogleAccountDisconnected': {
        const { connectionId, companyId } = event.data;
        for (const source of await docs.find<LocationLinkSourceDoc>(LOCATION_LINK_SOURCES_COLLECTION, { companyId, connectionId })) {
          await removeLocation(docs, source._id);
        }
        return;
      }
      case 'CompanyDeleted': {
        const { companyId } = event.data;
        for (const source of await docs.find<LocationLinkSourceDoc>(LOCATION_LINK_SOURCES_COLLECTION, { companyId })) {
          docs.delete(LOCATION_LINK_SOURCES_COLLECTION, source._id);
        }
        for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { companyId })) docs.delete(LOCATION_USERS_COLLECTION, link._id);
        return;
      }
      case 'UserUpdated':
      case 'ProfileUpdated': {
        const d = event.data;
        const name = `${d.firstName} ${d.lastName}`.trim();
        for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { userId: d.userId })) {
          docs.put(LOCATION_USERS_COLLECTION, { ...link, userName: name, userEmail: d.email });
        }
        return;
      }
      case 'UserDeleted': {
        const { userId } = event.data;
        for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { userId })) docs.delete(LOCATION_USERS_COLLECTION, link._id);
        return;
      }
      case 'LocationCreated':
      case 'LocationImported': {
        const d = event.data;
        const thumbnailUrl = event.type === 'LocationImported' ? event.data.google.thumbnailUrl : null;
        await keepSource(docs, { _id: d.locationId, companyId: d.companyId, connectionId: d.connectionId, location: snapshotOf(d.profile, thumbnailUrl) });
        return;
      }
      case 'LocationDeleted':
        await removeLocation(docs, event.data.locationId);
        return;
      default:
        // The other events change an existing location: handled below.
        break;
    }

    const id = event.data.locationId;
    const source = await docs.get<LocationLinkSourceDoc>(LOCATION_LINK_SOURCES_COLLECTION, id);
    if (!source) return;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'LocationUpdated':
        await keepSource(docs, { ...source, location: snapshotOf(event.data.profile, source.location.thumbnailUrl) }, source);
        return;
      case 'LocationSynced':
        await keepSource(
          docs,
          { ...source, location: snapshotOf(event.data.profile, thumbnailAfter(event.data.google, source.location.thumbnailUrl)) },
          source,
        );
        return;
      case 'LocationPublished':
        await keepSource(
          docs,
          { ...source, location: { ...source.location, thumbnailUrl: thumbnailAfter(event.data.google, source.location.thumbnailUrl) } },
          source,
        );
        return;
      case 'UserAssignedToLocation': {
        const d = event.data;
        const linkId = `${id}:${d.userId}`;
        const link = await docs.get<LocationUserDoc>(LOCATION_USERS_COLLECTION, linkId);
        docs.put(
          LOCATION_USERS_COLLECTION,
          linkOf(source.location, {
            _id: linkId,
            companyId: source.companyId,
            locationId: id,
            userId: d.userId,
            userName: d.userName || link?.userName || '',
            userEmail: d.userEmail || link?.userEmail || '',
            isPrimaryOwner: d.isPrimaryOwner,
            isStaffMember: d.isStaffMember,
            createdAt: link?.createdAt ?? at,
          }),
        );
        return;
      }
      case 'UserUnassignedFromLocation':
        docs.delete(LOCATION_USERS_COLLECTION, `${id}:${event.data.userId}`);
        return;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};
