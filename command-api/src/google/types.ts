/**
 * Google Business Profile resource shapes (JSON as the REST APIs return them).
 * Only the fields Locus uses are typed strictly; unknown fields pass through.
 */

export interface GoogleDate {
  year: number;
  month: number;
  day: number;
}
export interface TimeOfDay {
  hours?: number;
  minutes?: number;
}

export type AccountType = 'PERSONAL' | 'LOCATION_GROUP' | 'USER_GROUP' | 'ORGANIZATION';
export interface GoogleAccount {
  name: string; // accounts/{id}
  accountName: string;
  type: AccountType;
  role?: 'PRIMARY_OWNER' | 'OWNER' | 'MANAGER' | 'SITE_MANAGER';
  verificationState?: string;
  vettedState?: string;
  permissionLevel?: 'OWNER_LEVEL' | 'MEMBER_LEVEL';
  accountNumber?: string;
  primaryOwner?: string;
}

export interface GoogleCategory {
  name: string; // categories/gcid:...
  displayName?: string;
}

export interface PostalAddress {
  regionCode: string;
  languageCode?: string;
  postalCode?: string;
  administrativeArea?: string;
  locality?: string;
  addressLines?: string[];
}

export type DayOfWeek = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
export interface TimePeriod {
  openDay: DayOfWeek;
  openTime: TimeOfDay;
  closeDay: DayOfWeek;
  closeTime: TimeOfDay;
}

export interface GoogleLocation {
  name?: string; // locations/{id}
  languageCode?: string;
  storeCode?: string;
  title?: string;
  phoneNumbers?: { primaryPhone?: string; additionalPhones?: string[] };
  categories?: { primaryCategory?: GoogleCategory; additionalCategories?: GoogleCategory[] };
  storefrontAddress?: PostalAddress;
  websiteUri?: string;
  regularHours?: { periods: TimePeriod[] };
  latlng?: { latitude: number; longitude: number };
  openInfo?: { status?: 'OPEN' | 'CLOSED_PERMANENTLY' | 'CLOSED_TEMPORARILY'; canReopen?: boolean; openingDate?: GoogleDate };
  profile?: { description?: string };
  labels?: string[];
  metadata?: {
    placeId?: string;
    mapsUri?: string;
    newReviewUri?: string;
    canDelete?: boolean;
    hasVoiceOfMerchant?: boolean;
    /** Google shows values of its own for some fields (read them with getGoogleUpdated). */
    hasGoogleUpdated?: boolean;
    hasPendingEdits?: boolean;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** `locations.getGoogleUpdated`: the location as shown on Maps and Search, with field masks. */
export interface GoogleUpdatedLocation {
  location: GoogleLocation;
  /** Fields whose shown value differs from the merchant's (comma-separated paths). */
  diffMask?: string;
  /** Fields with merchant edits not yet live. */
  pendingMask?: string;
}

export type AttributeValueType = 'BOOL' | 'ENUM' | 'URL' | 'REPEATED_ENUM';
export interface GoogleAttribute {
  name: string; // attributes/{id}
  valueType?: AttributeValueType;
  values?: (boolean | string)[];
  repeatedEnumValue?: { setValues?: string[]; unsetValues?: string[] };
  uriValues?: { uri: string }[];
}
export interface GoogleAttributes {
  name: string; // locations/{id}/attributes
  attributes?: GoogleAttribute[];
}
export interface GoogleAttributeMetadata {
  parent: string;
  valueType: AttributeValueType;
  displayName: string;
  groupDisplayName?: string;
  repeatable?: boolean;
  valueMetadata?: { value: boolean | string; displayName: string }[];
  deprecated?: boolean;
}

export type StarRating = 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
export interface ReviewReply {
  comment: string;
  updateTime?: string;
  /** Moderation of the reply (absent on older replies). */
  state?: string;
  policyViolation?: string;
}
export interface GoogleReview {
  name: string; // accounts/{a}/locations/{l}/reviews/{r}
  reviewId: string;
  reviewer: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: StarRating;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: ReviewReply;
}

export type PostTopicType = 'STANDARD' | 'EVENT' | 'OFFER' | 'ALERT';
export type CallToActionType = 'BOOK' | 'ORDER' | 'SHOP' | 'LEARN_MORE' | 'SIGN_UP' | 'CALL';
export interface LocalPost {
  name?: string;
  languageCode?: string;
  summary?: string;
  topicType: PostTopicType;
  callToAction?: { actionType: CallToActionType; url?: string };
  event?: { title: string; schedule: { startDate: GoogleDate; startTime?: TimeOfDay; endDate: GoogleDate; endTime?: TimeOfDay } };
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
  media?: { mediaFormat: 'PHOTO' | 'VIDEO'; sourceUrl?: string; googleUrl?: string }[];
  state?: 'LOCAL_POST_STATE_UNSPECIFIED' | 'REJECTED' | 'LIVE' | 'PROCESSING';
  createTime?: string;
  updateTime?: string;
  searchUrl?: string;
}

export type MediaCategory =
  'COVER' | 'PROFILE' | 'LOGO' | 'EXTERIOR' | 'INTERIOR' | 'PRODUCT' | 'AT_WORK' | 'FOOD_AND_DRINK' | 'MENU' | 'COMMON_AREA' | 'ROOMS' | 'TEAMS' | 'ADDITIONAL';
export interface MediaItem {
  name?: string;
  mediaFormat: 'PHOTO' | 'VIDEO';
  locationAssociation?: { category?: MediaCategory };
  googleUrl?: string;
  thumbnailUrl?: string;
  sourceUrl?: string;
  createTime?: string;
  dimensions?: { widthPixels: number; heightPixels: number };
  insights?: { viewCount?: string };
  description?: string;
}

/** Q&A API (read only since its shutdown on 2025-11-03). */
export interface GoogleQuestionAuthor {
  displayName?: string;
  profilePhotoUri?: string;
  type?: string;
}
export interface GoogleAnswer {
  name?: string;
  author?: GoogleQuestionAuthor;
  upvoteCount?: number;
  text?: string;
  createTime?: string;
  updateTime?: string;
}
export interface GoogleQuestionItem {
  name: string;
  author?: GoogleQuestionAuthor;
  upvoteCount?: number;
  text?: string;
  createTime?: string;
  updateTime?: string;
  topAnswers?: GoogleAnswer[];
  totalAnswerCount?: number;
}

export type DailyMetric =
  | 'BUSINESS_IMPRESSIONS_DESKTOP_MAPS'
  | 'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH'
  | 'BUSINESS_IMPRESSIONS_MOBILE_MAPS'
  | 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH'
  | 'BUSINESS_CONVERSATIONS'
  | 'BUSINESS_DIRECTION_REQUESTS'
  | 'CALL_CLICKS'
  | 'WEBSITE_CLICKS'
  | 'BUSINESS_BOOKINGS'
  | 'BUSINESS_FOOD_ORDERS'
  | 'BUSINESS_FOOD_MENU_CLICKS';

export interface DatedValue {
  date: GoogleDate;
  value?: string;
}
export interface DailyMetricSeries {
  dailyMetric: DailyMetric;
  /** One entry per day; `value` is absent on days with no activity. */
  datedValues: DatedValue[];
}
export interface SearchKeywordCount {
  searchKeyword: string;
  insightsValue: { value?: string; threshold?: string };
}

export interface Page<T> {
  items: T[];
  nextPageToken?: string;
}

/** Fields Locus reads from every location (Google requires a readMask). */
export const LOCATION_READ_MASK = [
  'name',
  'languageCode',
  'storeCode',
  'title',
  'phoneNumbers',
  'categories',
  'storefrontAddress',
  'websiteUri',
  'regularHours',
  'latlng',
  'openInfo',
  'profile',
  'labels',
  'metadata',
].join(',');

/** Verifications API `locations.getVoiceOfMerchantState`: at most one of the actions is set. */
export interface GoogleVoiceOfMerchantState {
  hasVoiceOfMerchant?: boolean;
  hasBusinessAuthority?: boolean;
  waitForVoiceOfMerchant?: Record<string, never>;
  verify?: { hasPendingVerification?: boolean };
  resolveOwnershipConflict?: Record<string, never>;
  complyWithGuidelines?: { recommendationReason?: string };
}
