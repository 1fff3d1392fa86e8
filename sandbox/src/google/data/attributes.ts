import { isBookableCategory, isFoodCategory } from './catalog';

export type AttributeValueType = 'BOOL' | 'ENUM' | 'URL' | 'REPEATED_ENUM';

export interface AttributeMetadataEntry {
  parent: string; // attributes/<id>
  valueType: AttributeValueType;
  displayName: string;
  groupDisplayName: string;
  repeatable?: boolean;
  valueMetadata?: { value: string | boolean; displayName: string }[];
  /** Which categories may carry it. */
  appliesTo?: (category: string) => boolean;
}

const bool = (id: string, displayName: string, groupDisplayName: string, appliesTo?: (c: string) => boolean): AttributeMetadataEntry => ({
  parent: `attributes/${id}`,
  valueType: 'BOOL',
  displayName,
  groupDisplayName,
  valueMetadata: [
    { value: true, displayName },
    { value: false, displayName: `No ${displayName.charAt(0).toLowerCase()}${displayName.slice(1)}` },
  ],
  ...(appliesTo ? { appliesTo } : {}),
});
const url = (id: string, displayName: string, appliesTo?: (c: string) => boolean): AttributeMetadataEntry => ({
  parent: `attributes/${id}`,
  valueType: 'URL',
  displayName,
  groupDisplayName: 'Place page URLs',
  repeatable: false,
  ...(appliesTo ? { appliesTo } : {}),
});

export const LANGUAGES = [
  ['english', 'English'], ['spanish', 'Spanish'], ['american_sign_language', 'American Sign Language'],
  ['chinese_mandarin', 'Mandarin Chinese'], ['chinese_cantonese', 'Cantonese'], ['vietnamese', 'Vietnamese'],
  ['tagalog', 'Tagalog'], ['arabic', 'Arabic'], ['french', 'French'], ['korean', 'Korean'], ['russian', 'Russian'],
  ['german', 'German'], ['hindi', 'Hindi'], ['portuguese', 'Portuguese'], ['italian', 'Italian'], ['polish', 'Polish'],
  ['japanese', 'Japanese'], ['persian', 'Persian'], ['urdu', 'Urdu'],
] as const;

/** Attribute metadata served by `GET /v1/attributes` (a representative US subset). */
export const ATTRIBUTE_METADATA: readonly AttributeMetadataEntry[] = [
  bool('has_wheelchair_accessible_entrance', 'Wheelchair accessible entrance', 'Accessibility'),
  bool('has_wheelchair_accessible_restroom', 'Wheelchair accessible restroom', 'Accessibility'),
  bool('has_wheelchair_accessible_seating', 'Wheelchair accessible seating', 'Accessibility'),
  bool('has_wheelchair_accessible_parking', 'Wheelchair accessible parking lot', 'Accessibility'),
  bool('has_assistive_hearing_loop', 'Assistive hearing loop', 'Accessibility'),
  bool('has_gender_neutral_restroom', 'Gender-neutral restroom', 'Amenities'),
  bool('welcomes_lgbtq', 'LGBTQ+ friendly', 'Crowd'),
  bool('is_transgender_safespace', 'Transgender safespace', 'Crowd'),
  bool('is_owned_by_asian', 'Identifies as Asian-owned', 'From the business'),
  bool('is_black_owned', 'Identifies as Black-owned', 'From the business'),
  bool('is_owned_by_indigenous', 'Identifies as indigenous-owned', 'From the business'),
  bool('is_owned_by_lgbtq', 'Identifies as LGBTQ+ owned', 'From the business'),
  bool('is_owned_by_latinx', 'Identifies as Latino-owned', 'From the business'),
  bool('is_owned_by_disabled', 'Identifies as disabled-owned', 'From the business'),
  bool('is_owned_by_veterans', 'Identifies as veteran-owned', 'From the business'),
  bool('is_owned_by_women', 'Identifies as women-owned', 'From the business'),
  bool('requires_appointments', 'Appointment required', 'Planning'),
  bool('has_online_appointments', 'Online appointments', 'Service options'),
  bool('has_onsite_services', 'Onsite services', 'Service options'),
  bool('has_free_parking_lot', 'Free parking lot', 'Parking'),
  bool('has_paid_parking_lot', 'Paid parking lot', 'Parking'),
  bool('has_free_street_parking', 'Free street parking', 'Parking'),
  bool('has_paid_street_parking', 'Paid street parking', 'Parking'),
  bool('has_free_multi_storey_car_park', 'Free multi-storey car park', 'Parking'),
  bool('has_paid_multi_storey_car_park', 'Paid multi-storey car park', 'Parking'),
  bool('has_onsite_parking', 'On-site parking', 'Parking'),
  bool('has_takeout', 'Takeout', 'Service options', isFoodCategory),
  bool('has_delivery', 'Delivery', 'Service options', isFoodCategory),
  bool('has_dine_in', 'Dine-in', 'Service options', isFoodCategory),
  {
    parent: 'attributes/wi_fi',
    valueType: 'ENUM',
    displayName: 'Wi-Fi',
    groupDisplayName: 'Amenities',
    valueMetadata: [
      { value: 'free_wi_fi', displayName: 'Free Wi-Fi' },
      { value: 'paid_wi_fi', displayName: 'Paid Wi-Fi' },
    ],
  },
  {
    parent: 'attributes/languages_spoken',
    valueType: 'REPEATED_ENUM',
    displayName: 'Languages spoken',
    groupDisplayName: 'Planning',
    repeatable: true,
    valueMetadata: LANGUAGES.map(([value, displayName]) => ({ value, displayName })),
  },
  url('url_appointment', 'Appointment links', isBookableCategory),
  url('url_menu', 'Menu link', isFoodCategory),
  url('url_order_ahead', 'Order ahead links', isFoodCategory),
  url('url_facebook', 'Facebook'),
  url('url_instagram', 'Instagram'),
  url('url_linkedin', 'LinkedIn'),
  url('url_pinterest', 'Pinterest'),
  url('url_tiktok', 'TikTok'),
  url('url_twitter', 'X (Twitter)'),
  url('url_youtube', 'YouTube'),
];

const byParent = new Map(ATTRIBUTE_METADATA.map((a) => [a.parent, a]));
export const findAttribute = (name: string) => byParent.get(name);

/** The attributes a location with this primary category may carry. */
export function attributesForCategory(category: string | undefined): AttributeMetadataEntry[] {
  return ATTRIBUTE_METADATA.filter((a) => !a.appliesTo || (category !== undefined && a.appliesTo(category)));
}
