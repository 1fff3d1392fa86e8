/**
 * Read-model collections of the users slice (written by projectors/src/users, read by query-api).
 * Every document carries companyId (null for the Administrator).
 */
export const USERS_COLLECTION = 'users';

export interface UserDoc {
  _id: string;
  companyId: string | null;
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  emailLower: string;
  phoneNumber: string;
  role: 'Administrator' | 'CompanyAdmin' | 'CompanyUser' | 'CompanyAuditor';
  roleName: string;
  loginAllowed: boolean;
  isDefaultCompanyContact: boolean;
  imageUrl: string | null;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  createdAt: string;
  /** Lowercased name, email, phone, role name and created date (MM/dd/yyyy) for the search box. */
  searchText: string;
  [key: string]: unknown;
}
