import type { ErrorEntry } from './errors';
import { companyErrors } from './companies/errors';
import { emailImportErrors, locationDefaultsErrors, locationErrors, uploadErrors } from './locations/errors';
import { staffErrors } from './staff/errors';
import { bulkEditErrors } from './bulk-edit/errors';

/** Every feature's catalogue, for the check that one code carries one message and one kind. */
export const errorCatalogues: Record<string, Record<string, ErrorEntry>> = {
  companies: companyErrors,
  staff: staffErrors,
  locations: locationErrors,
  bulkEdit: bulkEditErrors,
  emailImport: emailImportErrors,
  locationDefaults: locationDefaultsErrors,
  uploads: uploadErrors,
};
