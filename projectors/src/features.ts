import type { ProjectionDefinition } from '@locus/platform';

/** The read-model projections of every feature; each feature adds its own line. */
export const projections: ProjectionDefinition[] = [
];
