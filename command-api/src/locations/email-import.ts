import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import {
  EMAIL_IMPORT_FILE_FIELD,
  EMAIL_IMPORT_HEADERS,
  EMAIL_IMPORT_MAX_BYTES,
  emailImportErrors,
  emailImportMessages as m,
  importEmailRoute,
  LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION,
  LOCATIONS_COLLECTION,
  locationStream,
  EmailSchema,
  subjects,
  type LocationDoc,
  type LocationEmailsImportProgress,
  type LocationProfile,
  type NotificationMessage,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata, runCommand } from '../kit';
import { locationDecider, locationNotFound } from './location-decider';

export interface EmailRow {
  firstName: string;
  lastName: string;
  storeCode: string;
  email: string;
}

export interface ParsedEmailCsv {
  rows: EmailRow[];
  invalidEmails: string[];
  duplicates: string[];
}

/**
 * The spec's CSV rules, in order: exact headers, at least one data row (blank lines ignored),
 * the 4th column an e-mail address as EmailSchema takes it (invalid rows skipped and named), one row per store code
 * (later duplicates skipped). Throws the catalogue's error for a file that cannot be imported.
 */
export function parseEmailCsv(text: string): ParsedEmailCsv {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    throw fail(emailImportErrors.unreadable, [{ field: EMAIL_IMPORT_FILE_FIELD, message: `${m.unreadable}: ${(err as Error).message}` }]);
  }
  const [header, ...body] = records;
  if (!header || header.length !== EMAIL_IMPORT_HEADERS.length || EMAIL_IMPORT_HEADERS.some((h, i) => header[i] !== h)) throw fail(emailImportErrors.headers);
  const data = body.filter((r) => r.some((cell) => cell !== ''));
  if (!data.length) throw fail(emailImportErrors.noRows);
  const rows: EmailRow[] = [];
  const invalidEmails: string[] = [];
  const duplicates: string[] = [];
  const seen = new Set<string>();
  for (const [firstName = '', lastName = '', storeCode = '', email = ''] of data) {
    // The same rule as every other e-mail Locus takes (length, characters).
    if (!EmailSchema.safeParse(email).success) {
      invalidEmails.push(email || '(empty)');
      continue;
    }
    const key = storeCode.toLowerCase();
    if (seen.has(key)) {
      duplicates.push(storeCode);
      continue;
    }
    seen.add(key);
    rows.push({ firstName, lastName, storeCode, email });
  }
  return { rows, invalidEmails, duplicates };
}

const CONCURRENCY = 8;

/** A row's change of a location: its email, and the owner's names the row gives; nothing else. */
export function emailImportProfile(profile: LocationProfile, row: Pick<EmailRow, 'email' | 'firstName' | 'lastName'>): LocationProfile {
  return {
    ...profile,
    PrimaryEmail: row.email,
    OwnerFirstName: row.firstName || profile.OwnerFirstName,
    OwnerLastName: row.lastName || profile.OwnerLastName,
  };
}

export function emailImportCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const progress = (companyId: string, payload: LocationEmailsImportProgress) => {
    const message: NotificationMessage<LocationEmailsImportProgress> = { kind: 'notification', name: LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION, payload };
    try {
      deps.bus.publish(subjects.companyNotification(companyId, LOCATION_EMAILS_IMPORT_PROGRESS_NOTIFICATION), message);
    } catch {
      // Progress is best effort; the answer carries the outcome.
    }
  };

  return [
    implement(importEmailRoute, async (req) => {
      const companyId = callerCompanyId(req, locationNotFound);
      const file = req.files.find((f) => f.field === EMAIL_IMPORT_FILE_FIELD) ?? req.files[0];
      if (!file) throw fail(emailImportErrors.fileMissing);
      if (!file.originalName.toLowerCase().endsWith('.csv')) throw fail(emailImportErrors.onlyCsv);
      if (file.size > EMAIL_IMPORT_MAX_BYTES) throw fail(emailImportErrors.tooLarge);
      const parsed = parseEmailCsv(await readFile(file.path, 'utf8'));

      const codes = parsed.rows.map((r) => r.storeCode.toLowerCase());
      const docs = codes.length
        ? await deps.readModels
            .collection<LocationDoc>(LOCATIONS_COLLECTION)
            .find({ companyId, storeCodeSort: { $in: codes } }, { projection: { _id: 1, storeCodeSort: 1 } })
        : [];
      const byCode = new Map(docs.map((d) => [d.storeCodeSort, d._id]));
      const matched = parsed.rows.flatMap((r) => {
        const locationId = byCode.get(r.storeCode.toLowerCase());
        return locationId ? [{ ...r, locationId }] : [];
      });
      const unknown = parsed.rows.filter((r) => !byCode.has(r.storeCode.toLowerCase())).map((r) => r.storeCode);
      const warnings = [
        ...(parsed.invalidEmails.length ? [m.skippedInvalid(parsed.invalidEmails)] : []),
        ...(parsed.duplicates.length ? [m.skippedDuplicates(parsed.duplicates)] : []),
        ...(unknown.length ? [m.skippedUnknown(unknown)] : []),
      ];
      if (!matched.length)
        throw fail(
          emailImportErrors.noValidRecords,
          warnings.map((w) => ({ field: EMAIL_IMPORT_FILE_FIELD, message: w })),
        );

      const metadata = eventMetadata(req, companyId, deps.clock);
      let processed = 0;
      let lastPercent = -1;
      let position = 0;
      progress(companyId, { percent: 0, processed: 0, total: matched.length });
      let next = 0;
      const worker = async () => {
        while (next < matched.length) {
          const row = matched[next++]!;
          const result = await runCommand(
            deps,
            locationStream(row.locationId),
            locationDecider,
            (state) => {
              if (state.status !== 'active') throw locationNotFound();
              return {
                type: 'UpdateLocation' as const,
                data: { profile: emailImportProfile(state.profile, row) },
              };
            },
            metadata,
          );
          position = Math.max(position, result.position);
          processed++;
          const percent = Math.floor((processed / matched.length) * 100);
          if (percent !== lastPercent && percent < 100) {
            lastPercent = percent;
            progress(companyId, { percent, processed, total: matched.length });
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, matched.length) }, worker));
      progress(companyId, { percent: 100, processed, total: matched.length });
      return {
        body: { Success: true, ResponseData: processed, ResponseMessage: m.updated(processed), Warning: warnings.length ? warnings.join(' ') : null },
        position,
      };
    }),
  ];
}
