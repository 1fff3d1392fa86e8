import type { BulkEditField } from './events';

/** Bulk edit texts (spec part 1 §2, §8) and limits (§9). */
export const bulkEditMessages = {
  started: 'Updating locations, please wait...',
  noLocationFound: 'No location found with the selected ID.',
  noLocations: 'No locations found.',
  errorFetchingLocations: 'Error fetching locations.',
  errorFetchingLocaleze: 'Error fetching Localeze categories.',
  errorSavingDefaults: 'Error saving default location data.',
  selectionRequired: 'Select at least one location.',
  nothingToChange: 'Every field is ignored: there is nothing to change.',
  jobNotFound: 'Bulk edit not found',
  retryStarted: 'Retrying the failed locations, please wait...',
  nothingToRetry: 'No failed location to retry.',
  cancelled: 'The bulk edit has been cancelled; locations already updated keep their changes.',
  stillRunning: 'This bulk edit is still running; retry the failed locations when it has finished.',
  alreadyFinished: 'This bulk edit has already finished.',
  descriptionTooLongFor: 'The rendered description is longer than 750 characters',
  defaultMediaRequired: 'Add at least one default location media, or ignore the field.',
  notPublished: 'Updated in Locus only: the location is not published on Google.',
  /** A location where some fields were refused and the others applied. */
  partlyApplied: (refused: string, applied: string) => `Not changed: ${refused}. Applied: ${applied}.`,
  nothingApplied: (refused: string) => `Not changed: ${refused}.`,
} as const;

/** The form's name of each bulk edit field (what outcomes and previews call it). */
export const BULK_EDIT_FIELD_LABELS = {
  BusinessName: 'Business Name',
  PhoneNumber: 'Primary Phone Number',
  AdditionalPhoneNumber: 'Additional Phone Number',
  PrimaryCategory: 'Primary Category',
  AdditionalCategories: 'Additional Categories',
  LocaleZeCategories: 'Localeze Categories',
  Address1: 'Address Line 1',
  Address2: 'Address Line 2',
  Country: 'Country/Region',
  State: 'State/Administrative Area',
  Website: 'Website Uri',
  BusninessDescription: 'Business Description',
  ProfilePhoto: 'Location Logo',
  CoverPhoto: 'Location Cover',
  LocationDefaultImage: 'Default Location Media',
  BusinessHours: 'Regular Business Hours',
} as const satisfies Record<BulkEditField, string>;

/** Most locations one bulk edit may change. */
export const BULK_EDIT_MAX_LOCATIONS = 5_000;
