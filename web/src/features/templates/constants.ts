import {
  SELECTED_LOCATIONS_PAGE_SIZE,
  TEMPLATE_LOCATION_ITEM_SIZE,
  TEMPLATE_LOG_PAGE_SIZE,
  TEMPLATES_PAGE_SIZE,
  templateMessages,
  type CtaActionType,
  type PostTopicType,
} from '@locus/contracts';

export { SELECTED_LOCATIONS_PAGE_SIZE, TEMPLATE_LOCATION_ITEM_SIZE, TEMPLATE_LOG_PAGE_SIZE, TEMPLATES_PAGE_SIZE };

/** Post templates' texts (spec part 2 §2 Location Post Templates, §8). */
export const templateTexts = {
  ...templateMessages,
  title: templateMessages.pageTitle,
  subtitle: templateMessages.pageSubtitle,
  newTemplate: 'New Post Template',
  createTitle: 'Create Post Template',
  editTitle: 'Edit Post Template',
  columns: { template: 'Template', published: 'Published date', locations: 'Published Locations', actions: 'Actions' },
  search: 'Search',
  clear: 'Clear',
  empty: 'No post templates found.',
  edit: 'Edit',
  publish: 'Publish',
  delete: 'Delete',
  log: 'Log',
  /** The template's timeline on /history. */
  history: 'History',
  cancelSchedule: 'Cancel schedule',
  scheduledFor: 'Scheduled for',
  postType: 'Post type',
  content: 'Template content',
  variables: 'Variables',
  eventTitle: 'Title',
  eventDetails: 'Details',
  startDate: 'Start date',
  endDate: 'End date',
  addTime: 'Add time',
  startTime: 'Start time',
  endTime: 'End time',
  scheduleDate: 'Schedule date',
  couponCode: 'Voucher code (optional)',
  redeemLink: 'Link to redeem offer (optional)',
  terms: 'Terms and conditions (optional)',
  addButton: 'Add a button',
  buttonUrl: 'Link for your button',
  callPhone: "Customers will call the location's phone number",
  image: 'Image',
  imageUrl: 'Image link',
  chooseImage: 'Choose an image...',
  removeImage: 'Remove',
  locations: 'Locations',
  selectLocations: 'Select one or more locations',
  selectAll: 'Select all',
  filterLocations: 'Filter locations',
  save: 'Save Post Template',
  cancel: 'Cancel',
  close: 'Close',
  publishTitle: 'Your Selected Locations',
  preview: 'Preview',
  previewTitle: 'Preview',
  details: 'Details',
  logsTitle: 'Published Content',
  publishableContent: 'Publishable Content',
  viewOnGoogle: 'View on Google',
  searchLocation: 'Search by location name',
  progress: 'Publishing',
  failedLocations: 'Locations without a live post',
  rejectedByGoogle: 'Rejected by Google',
  failedKind: 'Failed',
  logStatus: {
    pending: 'Waiting for Google',
    published: 'Live on Google',
    'in-review': 'In review by Google',
    rejected: 'Rejected by Google',
    failed: 'Failed',
  },
  retry: 'Retry failed',
  logColumns: { location: 'Location', date: 'Date', status: 'Google', content: 'Content', link: 'Link' },
  noLogs: 'No published posts yet.',
  genericFailure: 'Something went wrong. Please try again later.',
} as const;

export const TOPIC_TYPE_LABELS: Record<PostTopicType, string> = { STANDARD: 'Standard', EVENT: 'Event', OFFER: 'Offer' };
export const CTA_LABELS: Record<CtaActionType, string> = {
  ACTION_TYPE_UNSPECIFIED: 'None',
  BOOK: 'Book',
  ORDER: 'Order online',
  SHOP: 'Buy',
  LEARN_MORE: 'Learn more',
  SIGN_UP: 'Sign up',
  CALL: 'Call now',
};
type Progress = { Done: number; InReview: number; Rejected: number; Failed: number; Total: number };
/** Locations Google has answered for (live, in review, rejected) or that failed. */
export const answeredCount = (p: Progress): number => p.Done + p.InReview + p.Rejected + p.Failed;
/** Progress: the locations answered of those asked for, in percent. */
export const progressPercent = (p: Progress): number => (p.Total === 0 ? 0 : Math.round((answeredCount(p) / p.Total) * 100));
/** A finished publish: every post live. */
export const allLive = (p: Progress): boolean => p.Done === p.Total;
/** What a finished publish did, counted by Google's answer (the toast). */
export const outcomeText = (p: Progress): string =>
  allLive(p)
    ? templateMessages.published
    : templateMessages.publishOutcome({ live: p.Done, total: p.Total, inReview: p.InReview, rejected: p.Rejected, failed: p.Failed });
