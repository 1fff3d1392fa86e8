/** Read model of company staff: active staff members only (a deactivated one is removed). */
export const STAFF_COLLECTION = 'staff';

export interface StaffDoc {
  _id: string;
  companyId: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}
