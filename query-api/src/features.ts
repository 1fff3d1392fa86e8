import type { QueryDeps, RouteImplementation, SessionValidatorFactory } from '@locus/platform';

/** One feature's query routes (`query-api/src/<feature>/`). */
export type QueryFeature = (deps: QueryDeps) => RouteImplementation[];

/** The query-side manifest: feature helpers append one line each. */
export const queryFeatures: QueryFeature[] = [
];

/** Same session check as command-api's manifest (set by the identity feature); null: the token alone decides. */
export const sessionValidation: SessionValidatorFactory | null = null;
