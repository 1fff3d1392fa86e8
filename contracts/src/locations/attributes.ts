/**
 * The location attribute flags of the spec (Create Location booleans and the Business Attributes
 * dialog) and the Place Page URL fields, with the Google Business Information attribute each
 * maps to. Languages are values of Google's repeated enum `attributes/languages_spoken`.
 */
export type AttributeGoogleMapping = { kind: 'bool'; attribute: string } | { kind: 'language'; value: string };

export interface AttributeFlagDef {
  key: string;
  label: string;
  group: 'Accessibility' | 'Amenities' | 'Crowd' | 'From the business' | 'Planning' | 'Service options' | 'Parking' | 'Languages';
  google: AttributeGoogleMapping;
}

const bool = (key: string, label: string, group: AttributeFlagDef['group'], attribute: string): AttributeFlagDef => ({
  key,
  label,
  group,
  google: { kind: 'bool', attribute },
});
const lang = (key: string, label: string, value: string): AttributeFlagDef => ({ key, label, group: 'Languages', google: { kind: 'language', value } });

export const LOCATION_ATTRIBUTE_FLAGS = [
  bool('HasWheelchairToilet', 'Wheelchair accessible restroom', 'Accessibility', 'has_wheelchair_accessible_restroom'),
  bool('HasWheelchairSeating', 'Wheelchair accessible seating', 'Accessibility', 'has_wheelchair_accessible_seating'),
  bool('HasAssistiveHearingLoop', 'Assistive hearing loop', 'Accessibility', 'has_assistive_hearing_loop'),
  bool('HasGenderNeutralToilets', 'Gender-neutral restroom', 'Amenities', 'has_gender_neutral_restroom'),
  bool('WelcomesLgbtq', 'LGBTQ+ friendly', 'Crowd', 'welcomes_lgbtq'),
  bool('IsTransgenderSafespace', 'Transgender safespace', 'Crowd', 'is_transgender_safespace'),
  bool('IsAsianOwned', 'Identifies as Asian-owned', 'From the business', 'is_owned_by_asian'),
  bool('IsBlackOwned', 'Identifies as Black-owned', 'From the business', 'is_black_owned'),
  bool('IsIndigenousOwned', 'Identifies as indigenous-owned', 'From the business', 'is_owned_by_indigenous'),
  bool('IsLgbtqOwned', 'Identifies as LGBTQ+ owned', 'From the business', 'is_owned_by_lgbtq'),
  bool('IsLatinoOwned', 'Identifies as Latino-owned', 'From the business', 'is_owned_by_latinx'),
  bool('IsDisabledOwned', 'Identifies as disabled-owned', 'From the business', 'is_owned_by_disabled'),
  bool('IsVeteranOwned', 'Identifies as veteran-owned', 'From the business', 'is_owned_by_veterans'),
  bool('IsWomenOwned', 'Identifies as women-owned', 'From the business', 'is_owned_by_women'),
  bool('AppointmentRequired', 'Appointment required', 'Planning', 'requires_appointments'),
  bool('HasOnlineAppointments', 'Online appointments', 'Service options', 'has_online_appointments'),
  bool('HasOnSiteServices', 'Onsite services', 'Service options', 'has_onsite_services'),
  bool('FreeParkingLot', 'Free parking lot', 'Parking', 'has_free_parking_lot'),
  bool('PaidParkingLot', 'Paid parking lot', 'Parking', 'has_paid_parking_lot'),
  bool('FreeStreetParking', 'Free street parking', 'Parking', 'has_free_street_parking'),
  bool('PaidStreetParking', 'Paid street parking', 'Parking', 'has_paid_street_parking'),
  bool('FreeMultiStoreyCarPark', 'Free multi-storey car park', 'Parking', 'has_free_multi_storey_car_park'),
  bool('PaidMultiStoreyCarPark', 'Paid multi-storey car park', 'Parking', 'has_paid_multi_storey_car_park'),
  bool('OnSiteParking', 'On-site parking', 'Parking', 'has_onsite_parking'),
  lang('EnglishSpoken', 'English', 'english'),
  lang('SpanishSpoken', 'Spanish', 'spanish'),
  lang('AmericanSignLanguageUsed', 'American Sign Language', 'american_sign_language'),
  lang('MandarinSpoken', 'Mandarin Chinese', 'chinese_mandarin'),
  lang('CantoneseSpoken', 'Cantonese', 'chinese_cantonese'),
  lang('VietnameseSpoken', 'Vietnamese', 'vietnamese'),
  lang('TagalogSpoken', 'Tagalog', 'tagalog'),
  lang('ArabicSpoken', 'Arabic', 'arabic'),
  lang('FrenchSpoken', 'French', 'french'),
  lang('KoreanSpoken', 'Korean', 'korean'),
  lang('RussianSpoken', 'Russian', 'russian'),
  lang('GermanSpoken', 'German', 'german'),
  lang('HindiSpoken', 'Hindi', 'hindi'),
  lang('PortugueseSpoken', 'Portuguese', 'portuguese'),
  lang('ItalianSpoken', 'Italian', 'italian'),
  lang('PolishSpoken', 'Polish', 'polish'),
  lang('JapaneseSpoken', 'Japanese', 'japanese'),
  lang('PersianSpoken', 'Persian', 'persian'),
  lang('UrduSpoken', 'Urdu', 'urdu'),
] as const satisfies readonly AttributeFlagDef[];

export type AttributeFlagKey = (typeof LOCATION_ATTRIBUTE_FLAGS)[number]['key'];
export const ATTRIBUTE_FLAG_KEYS = LOCATION_ATTRIBUTE_FLAGS.map((f) => f.key) as AttributeFlagKey[];

/** The 15 booleans of the Create Location request (spec part 2 §3). */
export const CREATE_LOCATION_ATTRIBUTE_KEYS = [
  'IsWomenOwned',
  'HasOnlineAppointments',
  'HasOnSiteServices',
  'HasAssistiveHearingLoop',
  'HasWheelchairSeating',
  'HasWheelchairToilet',
  'HasGenderNeutralToilets',
  'AppointmentRequired',
  'FreeMultiStoreyCarPark',
  'FreeStreetParking',
  'FreeParkingLot',
  'OnSiteParking',
  'PaidMultiStoreyCarPark',
  'PaidParkingLot',
  'PaidStreetParking',
] as const satisfies readonly AttributeFlagKey[];

/** Place Page URL fields (Business Attributes dialog, second tab) → Google URL attributes. */
export const PLACE_PAGE_URL_FIELDS = [
  { key: 'UrlAppointment', label: 'Appointment links', attribute: 'url_appointment' },
  { key: 'UrlFacebook', label: 'Facebook', attribute: 'url_facebook' },
  { key: 'UrlInstagram', label: 'Instagram', attribute: 'url_instagram' },
  { key: 'UrlLinkedin', label: 'LinkedIn', attribute: 'url_linkedin' },
  { key: 'UrlPinterest', label: 'Pinterest', attribute: 'url_pinterest' },
  { key: 'UrlTiktok', label: 'TikTok', attribute: 'url_tiktok' },
  { key: 'UrlTwitter', label: 'X (Twitter)', attribute: 'url_twitter' },
  { key: 'UrlYoutube', label: 'YouTube', attribute: 'url_youtube' },
] as const;
export type PlacePageUrlKey = (typeof PLACE_PAGE_URL_FIELDS)[number]['key'];
export const PLACE_PAGE_URL_KEYS = PLACE_PAGE_URL_FIELDS.map((f) => f.key) as PlacePageUrlKey[];

export const GOOGLE_LANGUAGES_ATTRIBUTE = 'languages_spoken';
