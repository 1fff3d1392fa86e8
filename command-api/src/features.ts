import type { CommandDeps, RouteImplementation, SessionValidatorFactory } from '@locus/platform';

/** One feature's command routes (`command-api/src/<feature>/`). */
export type CommandFeature = (deps: CommandDeps) => RouteImplementation[];

/** The command-side manifest: feature helpers append one line each. */
export const commandFeatures: CommandFeature[] = [
];

/**
 * The server-side session check run after token verification (deleted or deactivated
 * users, revoked sessions). The identity feature sets it here and in query-api's manifest;
 * null means the token alone decides.
 */
export const sessionValidation: SessionValidatorFactory | null = null;
