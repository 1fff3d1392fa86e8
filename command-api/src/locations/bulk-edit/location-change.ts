import {
  BULK_EDIT_VARIABLES,
  DESCRIPTION_MAX_LENGTH,
  isUsPhoneNumber,
  MAX_ADDITIONAL_PHONES,
  renderVariablesInText,
  WebsiteSchema,
  type BulkEditField,
  type BulkEditValues,
  type HoursPeriod,
  type LocationProfile,
} from '@locus/contracts';

export interface LocationChange {
  profile: LocationProfile;
  /** Set when the job changes the hours. */
  hours?: HoursPeriod[];
  /** What makes this location's values unacceptable (named by the form's fields); empty when fine. */
  problems: string[];
}

/**
 * One location's values under a bulk edit: every field the job changes, text fields rendered
 * from the location's own profile (`@BusinessName in @Town`), the others left as they are.
 */
export function bulkEditChange(profile: LocationProfile, fields: readonly BulkEditField[], values: BulkEditValues): LocationChange {
  const render = (template: string) => renderVariablesInText(template, profile, BULK_EDIT_VARIABLES).trim();
  const next: LocationProfile = { ...profile };
  const problems: string[] = [];
  let hours: HoursPeriod[] | undefined;
  for (const field of fields) {
    switch (field) {
      case 'BusinessName':
        next.Title = render(values.Title);
        if (!next.Title) problems.push('Business Name renders empty');
        break;
      case 'PhoneNumber':
        next.PrimaryPhoneNumber = render(values.PrimaryPhoneNumber);
        if (!isUsPhoneNumber(next.PrimaryPhoneNumber)) problems.push(`Primary Phone Number "${next.PrimaryPhoneNumber}" is not a valid US phone number`);
        break;
      case 'AdditionalPhoneNumber': {
        const phones = render(values.AdditionalPhoneNumber)
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
        next.AdditionalPhoneNumbers = phones;
        const bad = phones.find((p) => !isUsPhoneNumber(p));
        if (bad) problems.push(`Additional Phone Number "${bad}" is not a valid US phone number`);
        if (phones.length > MAX_ADDITIONAL_PHONES) problems.push(`At most ${MAX_ADDITIONAL_PHONES} additional phone numbers are allowed`);
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
        next.Website = render(values.Website);
        const checked = WebsiteSchema.safeParse(next.Website);
        if (!checked.success) problems.push(`Website "${next.Website}" is not a valid http(s) URL`);
        break;
      }
      case 'BusninessDescription':
        next.ProfileDescription = render(values.ProfileDescription);
        if (next.ProfileDescription.length > DESCRIPTION_MAX_LENGTH)
          problems.push(`Business Description renders ${next.ProfileDescription.length} characters (at most ${DESCRIPTION_MAX_LENGTH})`);
        break;
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
  return { profile: next, ...(hours ? { hours } : {}), problems };
}
