import type { QueryDeps, RouteImplementation } from '@locus/platform';

/** One feature's query routes (`query-api/src/<feature>/`). */
export type QueryFeature = (deps: QueryDeps) => RouteImplementation[];

/** The query-side manifest: feature helpers append one line each. */
export const queryFeatures: QueryFeature[] = [
];
