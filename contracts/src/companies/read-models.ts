/**
 * Read-model collections of the companies slice.
 * - `companies`: one document per company, companyId = its own id (company scope; live changes reach
 *   that company's sessions, e.g. a rename).
 * - `company-directory`: the Administrator's list and dropdown; companyId null so its live changes
 *   go to the admin scope (`live.admin.changed.company-directory`).
 */
export const COMPANIES_COLLECTION = 'companies';
export const COMPANY_DIRECTORY_COLLECTION = 'company-directory';

export interface CompanyDoc {
  _id: string;
  companyId: string;
  companyName: string | null;
  isActive: boolean;
  defaultAdminId: string | null;
  createdAt: string;
  [key: string]: unknown;
}

export interface CompanyDirectoryDoc {
  _id: string;
  companyId: null;
  companyName: string | null;
  isActive: boolean;
  defaultAdminId: string | null;
  primaryContact: { id: string; firstName: string; lastName: string; email: string; phoneNumber: string } | null;
  createdAt: string;
  /** Lowercased name, contact name and email, created date (MM/dd/yyyy). */
  searchText: string;
  [key: string]: unknown;
}
