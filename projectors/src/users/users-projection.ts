import { USERS_COLLECTION, roleNames, type IdentityUserEvent, type UserDoc, type UserEvent } from '@locus/contracts';
import type { ProjectionDefinition, ProjectionDocs, RecordedEvent } from '@locus/platform/ports';
import { listDate } from '../kit/list-date';

const HANDLED = [
  'UserRegistered',
  'UserCreated',
  'UserUpdated',
  'ProfileUpdated',
  'AvatarChanged',
  'AvatarRemoved',
  'UserDeactivated',
  'UserActivated',
  'UserDeleted',
] as const satisfies readonly (UserEvent | IdentityUserEvent)['type'][];

export function userSearchText(doc: Pick<UserDoc, 'fullName' | 'email' | 'phoneNumber' | 'roleName' | 'createdAt'>): string {
  return [doc.fullName, doc.email, doc.phoneNumber, doc.roleName, listDate(doc.createdAt)].join(' ').toLowerCase();
}

const withNames = (doc: UserDoc, fields: { firstName: string; lastName: string; email: string; phoneNumber: string }): UserDoc => {
  const { firstName, lastName, email, phoneNumber } = fields;
  const next = {
    ...doc,
    firstName,
    lastName,
    email,
    phoneNumber,
    fullName: `${fields.firstName} ${fields.lastName}`.trim(),
    emailLower: fields.email.toLowerCase(),
  };
  return { ...next, searchText: userSearchText(next) };
};

async function update(docs: ProjectionDocs, userId: string, change: (doc: UserDoc) => UserDoc): Promise<void> {
  const doc = await docs.get<UserDoc>(USERS_COLLECTION, userId);
  if (doc) docs.put(USERS_COLLECTION, change(doc));
}

/**
 * Users of every company (and the Administrator, companyId null) with role, status and the
 * search text of the Users table. Deleted users are removed; a deleted company's users stay
 * until their own UserDeleted (the members reactor reads them from here).
 */
export const usersProjection: ProjectionDefinition = {
  name: 'users',
  // 2: documents no longer copy the whole event (password hashes stayed out of read models).
  version: 2,
  collections: [
    {
      name: USERS_COLLECTION,
      indexes: [{ key: { companyId: 1, createdAt: -1 } }, { key: { emailLower: 1 } }, { key: { companyId: 1, role: 1 } }],
    },
  ],
  handles: HANDLED,
  async evolve(recorded: RecordedEvent, docs) {
    const event = { type: recorded.type, data: recorded.data } as UserEvent;
    switch (event.type) {
      case 'UserRegistered':
      case 'UserCreated': {
        const d = event.data;
        const doc: UserDoc = withNames(
          {
            _id: d.userId,
            companyId: d.companyId,
            firstName: '',
            lastName: '',
            fullName: '',
            email: '',
            emailLower: '',
            phoneNumber: '',
            role: d.role,
            roleName: roleNames[d.role],
            loginAllowed: true,
            isDefaultCompanyContact: d.isDefaultCompanyContact,
            imageUrl: null,
            addressLine1: '',
            addressLine2: '',
            city: '',
            postalCode: '',
            createdAt: recorded.metadata.occurredAt,
            searchText: '',
          },
          d,
        );
        docs.put(USERS_COLLECTION, doc);
        return;
      }
      case 'UserUpdated':
        return update(docs, event.data.userId, (doc) => withNames(doc, event.data));
      case 'ProfileUpdated': {
        const { addressLine1, addressLine2, city, postalCode } = event.data;
        return update(docs, event.data.userId, (doc) => ({ ...withNames(doc, event.data), addressLine1, addressLine2, city, postalCode }));
      }
      case 'AvatarChanged':
        return update(docs, event.data.userId, (doc) => ({ ...doc, imageUrl: event.data.imageUrl }));
      case 'AvatarRemoved':
        return update(docs, event.data.userId, (doc) => ({ ...doc, imageUrl: null }));
      case 'UserDeactivated':
        return update(docs, event.data.userId, (doc) => ({ ...doc, loginAllowed: false }));
      case 'UserActivated':
        return update(docs, event.data.userId, (doc) => ({ ...doc, loginAllowed: true }));
      case 'UserDeleted':
        docs.delete(USERS_COLLECTION, event.data.userId);
        return;
      default:
        // The other events (a password change) do not change the user document.
        break;
    }
  },
};

export const projections: ProjectionDefinition[] = [usersProjection];
