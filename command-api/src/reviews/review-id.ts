import { v5 as uuidv5 } from 'uuid';

const REVIEW_NAMESPACE = 'a4f5b1e2-6c0d-4f8e-9b51-3f7c2d9e8a10';

/**
 * The Locus id of a Google review: uuid v5 of its name (`accounts/{a}/locations/{l}/reviews/{r}`)
 * without the account part, so the same review imported again (or under another account path
 * after a transfer) lands on the same `review-<id>` stream.
 */
export const reviewIdOf = (googleName: string): string => uuidv5(googleName.replace(/^accounts\/[^/]+\//, ''), REVIEW_NAMESPACE);
