import { locationContentMessages, localezeMessages, MEDIA_MIN_BYTES } from '@locus/contracts';

export { MEDIA_MIN_BYTES };

/** Texts of the details page's Media, Posts, Questions and Publishers (spec part 2 §2, §4, §5, §8). */
export const sectionTexts = {
  ...locationContentMessages,
  ...localezeMessages,
  // Media
  media: 'Media',
  upload: 'Upload',
  uploading: 'Uploading to Google...',
  addFromUrl: 'Add from URL',
  category: 'Photo type',
  noMedia: 'No media found.',
  views: (n: number) => `${n.toLocaleString('en-US')} views`,
  deleteMedia: 'Delete',
  confirmDeleteMedia: 'Are you sure you want to delete the selected media?',
  fromUrlTitle: 'Create media from URL',
  imageUrl: 'Image URL',
  mediaType: 'Use as',
  create: 'Create',
  cancel: 'Cancel',
  pending: 'Sending to Google...',
  deleting: 'Deleting...',
  failed: 'Google refused it',
  rejected: 'Rejected by Google',
  inReview: 'In review by Google',
  // Posts
  posts: 'Posts',
  createPost: 'Create Post',
  noPosts: 'No posts found.',
  deletePost: 'Delete Post',
  confirmDeletePost: 'Are you sure you want to delete the selected post?',
  viewOnGoogle: 'View on Google',
  postType: 'Post type',
  summary: 'Details',
  summaryPlaceholder: 'Write your post',
  image: 'Image',
  chooseImage: 'Choose an image...',
  removeImage: 'Remove image',
  eventTitle: 'Title',
  startDate: 'Start date',
  endDate: 'End date',
  addTime: 'Add time',
  startTime: 'Start time',
  endTime: 'End time',
  couponCode: 'Voucher code (optional)',
  redeemLink: 'Link to redeem offer (optional)',
  terms: 'Terms and conditions (optional)',
  addButton: 'Add a button',
  buttonUrl: 'Link for your button',
  callPhone: (phone: string) => `Customers will call your location's phone number${phone ? ` (${phone})` : ''}.`,
  publish: 'Publish',
  offerButtonNote: 'On an offer Google shows the redeem link; a button link is used as the redeem link when none is given.',
  // Questions
  questions: 'Questions & Answers',
  noAnswers: 'No answers found against this question.',
  upvotes: (n: number) => `${n} upvote${n === 1 ? '' : 's'}`,
  answers: 'Top answers',
  // Publishers
  publishers: 'Publishers',
  logo: 'Logo',
  platform: 'Platform',
  status: 'Status',
  lastModified: 'Last Modified',
  actions: 'Actions',
  viewListing: 'View Listing',
  notPublishedYet: 'Not published yet',
  noLink: 'No link available',
  noPublishers: 'No publisher(s) found.',
  searchPublishers: 'Search publishers',
  filterPlatform: 'Filter platform',
  allStatuses: 'All statuses',
  close: 'Close',
} as const;

export const POST_TYPES = [
  { value: 'STANDARD', label: 'Standard' },
  { value: 'EVENT', label: 'Event' },
  { value: 'OFFER', label: 'Offer' },
] as const;

/** Call to action choices; ACTION_TYPE_UNSPECIFIED shows as None (spec part 2 §3). */
export const CALL_TO_ACTIONS = [
  { value: 'ACTION_TYPE_UNSPECIFIED', label: 'None' },
  { value: 'BOOK', label: 'Book' },
  { value: 'ORDER', label: 'Order online' },
  { value: 'SHOP', label: 'Buy' },
  { value: 'LEARN_MORE', label: 'Learn more' },
  { value: 'SIGN_UP', label: 'Sign up' },
  { value: 'CALL', label: 'Call now' },
] as const;

export const UPLOAD_CATEGORIES = [
  { value: 'ADDITIONAL', label: 'Photo' },
  { value: 'COVER', label: 'Cover (16:9)' },
  { value: 'LOGO', label: 'Logo' },
  { value: 'EXTERIOR', label: 'Exterior' },
  { value: 'INTERIOR', label: 'Interior' },
  { value: 'PRODUCT', label: 'Product' },
  { value: 'AT_WORK', label: 'At work' },
  { value: 'TEAMS', label: 'Team' },
] as const;

export const CATEGORY_LABELS: Record<string, string> = {
  COVER: 'Cover',
  PROFILE: 'Profile',
  LOGO: 'Logo',
  EXTERIOR: 'Exterior',
  INTERIOR: 'Interior',
  PRODUCT: 'Product',
  AT_WORK: 'At work',
  FOOD_AND_DRINK: 'Food & drink',
  MENU: 'Menu',
  COMMON_AREA: 'Common area',
  ROOMS: 'Rooms',
  TEAMS: 'Team',
  ADDITIONAL: 'Photo',
};

export const DISPOSITIONS = ['Successful', 'Pending', 'Submitted', 'Rejected', 'Not Supported'] as const;
