import type { CommandDeps, RouteImplementation } from '@locus/platform';

/** One feature's command routes (`command-api/src/<feature>/`). */
export type CommandFeature = (deps: CommandDeps) => RouteImplementation[];

/** The command-side manifest: feature helpers append one line each. */
export const commandFeatures: CommandFeature[] = [
];
