/** What other features may use of location-content: its decider, the mapping of media and posts to and from Google, and a published location's Google client. */
export { contentDecider } from './content-decider';
export { contentId, mediaFromGoogle, publicImageUrl, toGooglePost } from './google-content';
export { googleLocationOf } from './google-location';
