import {
  COMPANIES_COLLECTION,
  COMPANY_DIRECTORY_COLLECTION,
  type CompanyDirectoryDoc,
  type CompanyDoc,
  type CompanyEvent,
  type UserEvent,
} from '@locus/contracts';
import type { ProjectionDefinition, ProjectionDocs, RecordedEvent } from '@locus/platform/ports';
import { listDate } from '../kit/list-date';

export function companySearchText(doc: Pick<CompanyDirectoryDoc, 'companyName' | 'primaryContact' | 'createdAt'>): string {
  const contact = doc.primaryContact;
  return [doc.companyName ?? '', contact ? `${contact.firstName} ${contact.lastName}` : '', contact?.email ?? '', listDate(doc.createdAt)]
    .join(' ')
    .toLowerCase();
}

const withSearch = (doc: CompanyDirectoryDoc): CompanyDirectoryDoc => ({ ...doc, searchText: companySearchText(doc) });

async function updateBoth(docs: ProjectionDocs, companyId: string, change: { companyName?: string; isActive?: boolean }): Promise<void> {
  const company = await docs.get<CompanyDoc>(COMPANIES_COLLECTION, companyId);
  if (company) docs.put(COMPANIES_COLLECTION, { ...company, ...change });
  const entry = await docs.get<CompanyDirectoryDoc>(COMPANY_DIRECTORY_COLLECTION, companyId);
  if (entry) docs.put(COMPANY_DIRECTORY_COLLECTION, withSearch({ ...entry, ...change }));
}

/**
 * `companies` (company scope, companyId = its own id) and `company-directory` (the
 * Administrator's list, companyId null so its changes reach the admin live scope). The
 * directory keeps the default admin as PrimaryContact, following that user's edits.
 */
export const companiesProjection: ProjectionDefinition = {
  name: 'companies',
  version: 1,
  collections: [
    { name: COMPANIES_COLLECTION, indexes: [] },
    { name: COMPANY_DIRECTORY_COLLECTION, indexes: [{ key: { createdAt: -1 } }] },
  ],
  handles: [
    'CompanyCreated',
    'CompanyRenamed',
    'CompanyDeactivated',
    'CompanyActivated',
    'CompanyDeleted',
    'UserRegistered',
    'UserCreated',
    'UserUpdated',
    'ProfileUpdated',
  ],
  async evolve(recorded: RecordedEvent, docs) {
    const event = { type: recorded.type, data: recorded.data } as CompanyEvent | UserEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'CompanyCreated': {
        const d = event.data;
        docs.put(COMPANIES_COLLECTION, {
          _id: d.companyId,
          companyId: d.companyId,
          companyName: d.companyName,
          isActive: true,
          defaultAdminId: d.defaultAdminId,
          createdAt: at,
        } satisfies CompanyDoc);
        docs.put(
          COMPANY_DIRECTORY_COLLECTION,
          withSearch({
            _id: d.companyId,
            companyId: null,
            companyName: d.companyName,
            isActive: true,
            defaultAdminId: d.defaultAdminId,
            primaryContact: null,
            createdAt: at,
            searchText: '',
          }),
        );
        return;
      }
      case 'CompanyRenamed':
        return updateBoth(docs, event.data.companyId, { companyName: event.data.companyName });
      case 'CompanyDeactivated':
        return updateBoth(docs, event.data.companyId, { isActive: false });
      case 'CompanyActivated':
        return updateBoth(docs, event.data.companyId, { isActive: true });
      case 'CompanyDeleted':
        docs.delete(COMPANIES_COLLECTION, event.data.companyId);
        docs.delete(COMPANY_DIRECTORY_COLLECTION, event.data.companyId);
        return;
      case 'UserRegistered':
      case 'UserCreated': {
        const d = event.data;
        if (!d.isDefaultCompanyContact || !d.companyId) return;
        const entry = await docs.get<CompanyDirectoryDoc>(COMPANY_DIRECTORY_COLLECTION, d.companyId);
        if (!entry) return;
        const primaryContact = { id: d.userId, firstName: d.firstName, lastName: d.lastName, email: d.email, phoneNumber: d.phoneNumber };
        docs.put(COMPANY_DIRECTORY_COLLECTION, withSearch({ ...entry, primaryContact }));
        return;
      }
      case 'UserUpdated':
      case 'ProfileUpdated': {
        // Edits of a company's members carry that company in their metadata.
        const companyId = recorded.metadata.companyId;
        if (!companyId) return;
        const entry = await docs.get<CompanyDirectoryDoc>(COMPANY_DIRECTORY_COLLECTION, companyId);
        if (!entry || entry.primaryContact?.id !== event.data.userId) return;
        const { firstName, lastName, email, phoneNumber } = event.data;
        docs.put(COMPANY_DIRECTORY_COLLECTION, withSearch({ ...entry, primaryContact: { id: event.data.userId, firstName, lastName, email, phoneNumber } }));
        return;
      }
      default:
        // The other events do not change the companies directory.
        break;
    }
  },
};

export const projections: ProjectionDefinition[] = [companiesProjection];
