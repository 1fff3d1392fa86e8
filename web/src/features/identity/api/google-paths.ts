/**
 * Google sign-in calls. Their contract (connections feature) is not written yet; these are the
 * spec's paths (part 1 §7 Auth: GET /api/auth/token-url family, POST /api/auth/callback).
 */
export const googleTokenUrlPath = '/api/auth/google/token-url';
export const googleCallbackPath = '/api/auth/callback';
