import {
  BULK_EDIT_FIELD_LABELS,
  isUsPhoneNumber,
  limitProblem,
  MAX_ADDITIONAL_PHONES,
  renderBulkEditValue,
  WebsiteSchema,
  type BulkEditField,
  type BulkEditValues,
  type HoursPeriod,
  type LocationProfile,
} from '@locus/contracts';

/** A field refused for one location: its flag, the form's name for it, and why. */
export interface RefusedField {
  field: BulkEditField;
  label: string;
  message: string;
}

export interface LocationChange {
  profile: LocationProfile;
  /** Set when the job changes the hours. */
  hours?: HoursPeriod[];
  /** Fields whose rendered value is unacceptable for this location: left as they are, the others still change. */
  refused: RefusedField[];
}

/**
 * One location's values under a bulk edit: every field the job changes, text fields rendered
 * from the location's own profile (`@BusinessName in @Town`), the others left as they are. A
 * field whose value does not fit this location (a description over Google's limit, a phone
 * number that renders invalid) keeps its current value and is named in `refused`; it does not
 * hold back the job's other fields there.
 */
export function bulkEditChange(profile: LocationProfile, fields: readonly BulkEditField[], values: BulkEditValues): LocationChange {
  const render = (template: string) => renderBulkEditValue(template, profile);
  const next: LocationProfile = { ...profile };
  const refused: RefusedField[] = [];
  const refuse = (field: BulkEditField, message: string) => refused.push({ field, label: BULK_EDIT_FIELD_LABELS[field], message });
  let hours: HoursPeriod[] | undefined;
  for (const field of fields) {
    switch (field) {
      case 'BusinessName': {
        const title = render(values.Title);
        if (!title) refuse(field, 'Business Name renders empty');
        else next.Title = title;
        break;
      }
      case 'PhoneNumber': {
        const phone = render(values.PrimaryPhoneNumber);
        if (!isUsPhoneNumber(phone)) refuse(field, `Primary Phone Number "${phone}" is not a valid US phone number`);
        else next.PrimaryPhoneNumber = phone;
        break;
      }
      case 'AdditionalPhoneNumber': {
        const phones = render(values.AdditionalPhoneNumber)
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        const bad = phones.find((p) => !isUsPhoneNumber(p));
        if (bad) refuse(field, `Additional Phone Number "${bad}" is not a valid US phone number`);
        else if (phones.length > MAX_ADDITIONAL_PHONES) refuse(field, `At most ${MAX_ADDITIONAL_PHONES} additional phone numbers are allowed`);
        else next.AdditionalPhoneNumbers = phones;
        break;
      }
      case 'PrimaryCategory':
        next.PrimaryCategory = values.PrimaryCategory;
        break;
      case 'AdditionalCategories':
        next.AdditionalCategories = values.AdditionalCategories.filter((c) => c.Name !== next.PrimaryCategory?.Name);
        break;
      case 'LocaleZeCategories':
        next.SelectedLocaleZeCategories = values.LocaleZeCategories;
        break;
      case 'Address1':
        next.StreetAddressLine1 = render(values.StreetAddressLine1);
        break;
      case 'Address2':
        next.StreetAddressLine2 = render(values.StreetAddressLine2);
        break;
      case 'State':
        next.State = values.State;
        break;
      case 'Website': {
        const website = render(values.Website);
        if (!WebsiteSchema.safeParse(website).success) refuse(field, `Website "${website}" is not a valid http(s) URL`);
        else next.Website = website;
        break;
      }
      case 'BusninessDescription': {
        const description = render(values.ProfileDescription);
        const tooLong = limitProblem('description', description);
        if (tooLong) refuse(field, tooLong);
        else next.ProfileDescription = description;
        break;
      }
      case 'ProfilePhoto':
        next.LocationProfileMedia = values.ProfilePhoto;
        break;
      case 'CoverPhoto':
        next.LocationCoverMedia = values.CoverPhoto;
        break;
      case 'BusinessHours':
        hours = values.Hours;
        break;
      case 'Country':
      case 'LocationDefaultImage':
        // Country is always US; default media are photos added to the location's media (bulk-media.ts), not a profile field.
        break;
      default: {
        const never: never = field;
        throw new Error(`unknown bulk edit field ${String(never)}`);
      }
    }
  }
  return { profile: next, ...(hours ? { hours } : {}), refused };
}

/** The fields of the job applied to a location: all but Country and the refused ones, by the form's names. */
export const appliedFields = (fields: readonly BulkEditField[], refused: readonly RefusedField[]): string[] =>
  fields.filter((f) => f !== 'Country' && !refused.some((r) => r.field === f)).map((f) => BULK_EDIT_FIELD_LABELS[f]);
