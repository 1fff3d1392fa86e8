/** What other features may use of location-content: its decider and the mapping of media and posts to and from Google. */
export { contentDecider } from './content-decider';
export { contentId, mediaFromGoogle, publicImageUrl, toGooglePost } from './google-content';
