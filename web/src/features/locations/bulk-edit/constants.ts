import { BULK_EDIT_VARIABLES, bulkEditMessages, variableLabels } from '@locus/contracts';

/** Bulk edit texts (spec part 1 §2, §8) and limits (§9). */
export const bulkTexts = {
  title: 'Location Bulk Edit',
  subtitle: 'The changes made here will be applied to all of the company locations.',
  locations: 'Locations',
  selectPlaceholder: 'Select locations...',
  selectedLabel: (n: number) => `${n} locations selected`,
  selectAll: 'Select all',
  clear: 'Clear',
  moreSelected: (n: number) => `+${n} more selected`,
  selectedDialogTitle: 'Selected Locations',
  expandAll: 'Expand All',
  collapseAll: 'Collapse All',
  ignore: 'Ignore',
  primaryCategory: '- Primary Category -',
  additionalCategories: 'Additional Categories',
  localezeCategories: 'Localeze Categories',
  defaultMedia: 'Default Location Media',
  mediaUrls: 'Add Media using Urls',
  done: 'Done',
  selectState: '- Select State -',
  country: 'Country/Region',
  hours: 'Regular Business Hours',
  sampleTitle: 'Location Sample',
  searchLocations: '- Search Locations -',
  sampleEmpty: 'Choose a selected location to see its values rendered.',
  publish: 'Publish',
  publishing: 'Publishing...',
  progressTitle: 'Bulk edit progress',
  progress: (done: number, failed: number, pending: number, total: number) => `${done} done, ${failed} failed, ${pending} pending of ${total}`,
  eta: (seconds: number) => (seconds >= 60 ? `About ${Math.ceil(seconds / 60)} min left` : `About ${seconds} s left`),
  finished: 'Finished',
  cancelledStatus: 'Cancelled',
  retryFailed: 'Retry failed',
  cancel: 'Cancel',
  cancelConfirm: 'Stop this bulk edit? Locations already updated keep their changes.',
  outcomes: 'Outcomes',
  noFailures: 'No location failed.',
  ...bulkEditMessages,
};

/** Spec §9: chips shown at most 5. */
export const MAX_CHIPS = 5;
export const BULK_VARIABLE_LABELS = variableLabels(BULK_EDIT_VARIABLES);
