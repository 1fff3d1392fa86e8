import { z } from 'zod';
import { defineRoute } from '../routes/route-def';

/** CSV email import (spec part 1 §5, §7, §8): the directory's upload of owner emails by store code. */
export const EMAIL_IMPORT_HEADERS = ['FirstName', 'LastName', 'StoreCode', 'EmailAddress'] as const;
export const LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION = 'LocationEmailsImportProgressNotification';
/** The file field of the multipart upload. */
export const EMAIL_IMPORT_FILE_FIELD = 'csvFile';
export const EMAIL_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The spec's "simple address pattern" for the 4th column. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailImportMessages = {
  onlyCsv: 'Only CSV files are allowed.',
  headers: `CSV headers must be exactly: ${EMAIL_IMPORT_HEADERS.join(', ')}`,
  noRows: 'The CSV file must contain at least one data row.',
  skippedInvalid: (emails: readonly string[]) => `Skipped ${emails.length} invalid email(s): ${emails.join(', ')}`,
  noValidRecords: 'No valid records to import.',
  skippedDuplicates: (codes: readonly string[]) => `Skipped ${codes.length} duplicate row(s) for store code(s): ${codes.join(', ')}`,
  skippedUnknown: (codes: readonly string[]) => `Skipped ${codes.length} unknown store code(s): ${codes.join(', ')}`,
  fileMissing: 'Choose a CSV file to import.',
  tooLarge: `The CSV file must be at most ${EMAIL_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  unreadable: 'The CSV file could not be read',
  completed: 'Email import process has been completed successfully.',
  updated: (n: number) => `Successfully updated email addresses for ${n} location(s).`,
  failed: 'Import failed.',
  transportFailed: 'An error occurred while importing.',
  instructionsTitle: 'CSV upload instructions',
} as const;

/** Live progress of an import (percent 0-100), on the company's channel. */
export interface LocationEmailsImportProgress {
  percent: number;
  processed: number;
  total: number;
}

export const importEmailRoute = defineRoute({
  name: 'locations.importEmail',
  method: 'POST',
  path: '/api/gmb/import-email',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: `multipart/form-data, field ${EMAIL_IMPORT_FILE_FIELD}: a .csv with headers ${EMAIL_IMPORT_HEADERS.join(', ')}; sets each store code's primary email and owner name`,
  request: { multipart: true },
  response: z.object({
    Success: z.literal(true),
    /** Locations updated. */
    ResponseData: z.number().int(),
    ResponseMessage: z.string(),
    /** Rows skipped (invalid emails, duplicates, unknown store codes), or null. */
    Warning: z.string().nullable(),
  }),
});
