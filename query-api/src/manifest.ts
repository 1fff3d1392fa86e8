import type { QueryDeps, RouteImplementation, SessionValidatorFactory } from '@locus/platform';

/** A feature's query routes, built from the query-side deps. */
export type QueryFeature<D extends QueryDeps = QueryDeps> = (deps: D) => RouteImplementation[];

/**
 * What one feature serves in query-api, under the name of its contract
 * (contracts/src/<feature>/manifest.ts; command-api/src/kit/README.md gives the shape).
 */
export interface QueryManifest<D extends QueryDeps = QueryDeps> {
  name: string;
  routes: QueryFeature<D>;
  /** The session check after token verification (deleted users, revoked sessions); one feature sets it. */
  sessionValidation?: SessionValidatorFactory;
}
