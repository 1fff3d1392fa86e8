/** Texts of the details page's Media, Posts and Questions sections (spec part 2 §2, §5, §8). */
export const locationContentMessages = {
  postCreated: 'You have successfully posted an update',
  postPending: 'Your post was sent to Google; it appears here when Google answers.',
  postInReview: 'Google received your post and is reviewing it before it is shown.',
  postRejected: "Google rejected your post: it breaks Google's content policy (e.g. a phone number in its text). It is not shown on Google.",
  postDeleted: 'Post deleted successfully',
  postDeletePending: 'Your post is being deleted; it disappears when Google answers.',
  postNotFound: 'The post was not found',
  postUrlRequired: 'Please update the url',
  eventTitleRequired: 'Event title is required',
  eventDatesRequired: 'Start and end dates are required',
  eventEndBeforeStart: 'The end date must not be before the start date',
  mediaUploaded: 'Media uploaded successfully',
  coverUploaded: 'Cover Media uploaded successfully.',
  logoUploaded: 'Logo Media uploaded successfully.',
  mediaCreated: (type: string) => `${type} Media created successfully.`,
  mediaPending: 'Your photo was sent to Google; it appears here when Google answers.',
  mediaDeleted: 'Media deleted successfully',
  mediaDeletePending: 'The photo is being deleted; it disappears when Google answers.',
  mediaNotFound: 'The photo was not found',
  fileMissing: 'Please select a file',
  fileTooSmall: 'Please select a file larger than 10 KB',
  fileTooLarge: 'Please select a file of at most 10 MB',
  fileNotImage: 'Please select an image (JPEG, PNG, GIF or WebP)',
  coverRatio: (width: number, height: number, ratio: number) =>
    `Invalid aspect ratio: ${width}x${height} (${Number(ratio.toFixed(4))}). Please upload a 16:9 image.`,
  refreshRequested: 'Loading this location from Google.',
  googleRefused: 'Google refused the request',
  questionsDiscontinued:
    'Google shut down its Questions & Answers API on November 3, 2025: Google no longer provides new questions. These are the questions imported before then.',
} as const;

/** Minimum media file size (spec part 2 §9: 10240 bytes) and the most Locus accepts. */
export const MEDIA_MIN_BYTES = 10_240;
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** Covers must be 16:9 within this tolerance (spec part 2 §5). */
export const COVER_RATIO = 16 / 9;
export const COVER_RATIO_TOLERANCE = 0.0001;
/** The day Google's Q&A API stopped. */
export const QUESTIONS_DISCONTINUED_ON = '2025-11-03';

/** The spec's cover rule; null when the image is 16:9. */
export function coverRatioProblem(width: number, height: number): string | null {
  const ratio = height > 0 ? width / height : 0;
  return Math.abs(ratio - COVER_RATIO) <= COVER_RATIO_TOLERANCE ? null : locationContentMessages.coverRatio(width, height, ratio);
}
