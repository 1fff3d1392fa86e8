import { DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES, locationMessages } from '@locus/contracts';

export { DESCRIPTION_MAX_LENGTH, MAX_ADDITIONAL_CATEGORIES };

/** Cover images must be 16:9 within this tolerance (spec part 1 §9). */
export const COVER_RATIO = 16 / 9;
export const COVER_RATIO_TOLERANCE = 0.0001;

/** Location details header and edit dialogs (spec part 2 §2 Location details, §3, §5, §8). */
export const detailsTexts = {
  back: 'Back to locations',
  reviews: (n: number) => `${n} Reviews`,
  closed: 'Closed',
  todayHours: 'Today',
  noWebsite: 'No website',
  sync: 'Sync',
  lastSynchedAt: (when: string) => `Last synched at ${when}`,
  neverSynched: 'Never synched',
  upload: 'Upload',
  publishedTag: 'Published',
  edit: 'Edit',
  editHours: 'Edit Hours',
  attributes: 'Business Attributes',
  users: 'Users',
  history: 'History',
  pendingEdits: (n: number) => `${n} change(s) waiting for Google`,
  googleErrorTitle: 'Google rejected the last change',
  notFoundTitle: 'Location not found',
  moreSectionsLater: 'Reviews, media, posts and insights of this location appear below in a later release.',
  genericFailure: 'Something went wrong. Please try again later.',
  cancel: 'Cancel',
  save: 'Save',
  // Edit Location
  editTitle: 'Edit Location',
  sections: { business: 'Business', categories: 'Categories', contact: 'Contact', social: 'Social links', media: 'Media', description: 'Description' },
  fields: {
    storeCode: 'Store Code',
    title: 'Business Name (Title)',
    tagline: 'Locale Tagline',
    primaryCategory: 'Primary Category',
    additionalCategories: 'Additional Categories',
    localezeCategories: 'Localeze Categories',
    keywords: 'Keywords',
    primaryPhone: 'Primary Phone Number',
    tollFree: 'Toll Free Number',
    website: 'Website',
    twitter: 'Twitter',
    linkedIn: 'LinkedIn',
    facebook: 'Facebook',
    yelp: 'Yelp',
    instagram: 'Instagram',
    googlePlus: 'Google Plus',
    description: 'Business Description',
    profileMedia: 'Logo (profile) image URL',
    coverMedia: 'Cover image URL (16:9)',
  },
  placeholders: {
    primaryCategory: '- Primary Category -',
    additionalCategories: 'Select categories...',
    keywords: 'Type a keyword, then Enter or comma',
    url: 'https://',
  },
  noLocalezeCategories: 'No Localeze categories.',
  checkingImage: 'Checking the image...',
  imageLoadFailed: 'The image could not be loaded from this address.',
  // Edit Hours
  hoursTitle: 'Regular Business Hours',
  // Business Attributes
  attributesTitle: 'Business Attributes',
  attributesTab: 'Attributes',
  placePageUrlsTab: 'Place Page URLs',
  ...locationMessages,
} as const;
