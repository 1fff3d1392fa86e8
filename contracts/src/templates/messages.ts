/** Post templates' texts (spec part 2 §2, §8) and limits (§9). */
export const templateMessages = {
  pageTitle: 'Location Post Templates',
  pageSubtitle: 'Create a post once and publish it across all of your locations.',
  saved: 'Your post template save successfully',
  deleted: 'Your post template delete successfully',
  published: 'The selected template published successfully.',
  publishing: (n: number) => `The selected template is being published to ${n} ${n === 1 ? 'location' : 'locations'}.`,
  /** A publish that finished with some posts not live: what Google did, counted. */
  publishOutcome: (p: { live: number; total: number; inReview: number; rejected: number; failed: number }) =>
    [
      `Published to ${p.live} of ${p.total} ${p.total === 1 ? 'location' : 'locations'}`,
      p.inReview ? `${p.inReview} in review by Google` : '',
      p.rejected ? `${p.rejected} rejected by Google` : '',
      p.failed ? `${p.failed} failed` : '',
    ]
      .filter(Boolean)
      .join('; ') + '.',
  postRejected: "Rejected by Google: the post breaks Google's content policy (e.g. a phone number in its text).",
  postGoneFromGoogle: 'No longer on Google: the post was deleted there while Google reviewed it. Publish again to post it anew.',
  deleteFailed: 'An error occurred while deleting your post template. Please try again later.',
  confirmDelete: 'Are you sure you want to delete post template?',
  noLocationFound: 'No location found.',
  updateUrl: 'Please update the url',
  locationsSelected: '{0} locations selected',
  scheduled: 'The selected template will be published at the scheduled date.',
  scheduleCancelled: 'The scheduled publishing has been cancelled.',
  retried: 'The failed locations are being published again.',
  notFound: 'The post template was not found.',
  alreadyPublished: 'The post template has already been published.',
  noLocations: 'Select one or more locations.',
  notScheduled: 'The post template is not scheduled.',
  nothingToRetry: 'No failed location to publish again.',
  unknownLocations: 'Some selected locations were not found.',
  imageUploaded: 'Media uploaded successfully',
  imageMissing: 'Select an image to upload.',
  imageNotImage: 'Only images can be uploaded (PNG, JPEG, GIF or WebP).',
  imageTooLarge: 'The image must be at most 5 MB.',
} as const;

export const TEMPLATES_PAGE_SIZE = 15;
export const TEMPLATE_LOG_PAGE_SIZE = 10;
export const SELECTED_LOCATIONS_PAGE_SIZE = 10;
export const TEMPLATE_LOCATION_ITEM_SIZE = 30;
/** Publishing at most this many locations at once (the location multi-select holds a company's locations). */
export const TEMPLATE_MAX_LOCATIONS = 5000;
export const TEMPLATE_CONTENT_MAX_LENGTH = 20_000;
export const TEMPLATE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
