/**
 * Google Business Profile's own limits on what Locus sends, checked before sending so a
 * person learns it where they typed, never from a cut text: a location's description and a
 * local post's summary are counted in characters (Unicode code points, so an emoji is one), a
 * review reply in bytes of UTF-8.
 */
export const GOOGLE_LIMITS = {
  description: { max: 750, unit: 'characters', label: 'Business Description' },
  postSummary: { max: 1500, unit: 'characters', label: 'Post summary' },
  reviewReply: { max: 4096, unit: 'bytes', label: 'Reply' },
} as const;
export type GoogleLimit = keyof typeof GOOGLE_LIMITS;

const utf8 = new TextEncoder();

/** Characters as Google counts them (code points; a UTF-16 surrogate pair is one). */
export const characterCount = (text: string): number => Array.from(text).length;
/** Bytes of the text in UTF-8. */
export const utf8ByteCount = (text: string): number => utf8.encode(text).length;

/** How long `text` is in the unit of `limit`. */
export const measure = (limit: GoogleLimit, text: string): number => (GOOGLE_LIMITS[limit].unit === 'bytes' ? utf8ByteCount(text) : characterCount(text));

/** "Post summary is 1,612 characters; Google allows at most 1,500" — or null within the limit. */
export function limitProblem(limit: GoogleLimit, text: string, label: string = GOOGLE_LIMITS[limit].label): string | null {
  const { max, unit } = GOOGLE_LIMITS[limit];
  const length = measure(limit, text);
  return length > max ? `${label} is ${length.toLocaleString('en-US')} ${unit}; Google allows at most ${max.toLocaleString('en-US')}` : null;
}

/** The message of a field's schema: "<Field> must be at most 1,500 characters". */
export const limitMessage = (limit: GoogleLimit, field: string): string =>
  `${field} must be at most ${GOOGLE_LIMITS[limit].max.toLocaleString('en-US')} ${GOOGLE_LIMITS[limit].unit}`;
