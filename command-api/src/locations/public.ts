/** What other features may use of locations: a location's state and loading, its Google mapping, store codes, restore and the reactors' failure record. */
export { evolveLocation, initialLocationState, type LocationState } from './location-state';
export { loadCompanyLocation } from './routes';
export { restoreLocation } from './restore';
export { MAX_ATTEMPTS, recordFailure } from './reactors';
export { googleExtras } from './google-extras';
export { attributesFromGoogle, hoursFromGoogle, profileFromGoogle, snapshotFromGoogle } from './google-mapping';
export { recordGoogleChanges } from './record-google-changes';
export { reserveStoreCode } from './store-codes';
