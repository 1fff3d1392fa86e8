import type { ProjectionDefinition } from '@locus/platform';

/**
 * The read models one feature projects, under the name of its contract
 * (contracts/src/<feature>/manifest.ts; command-api/src/kit/README.md gives the shape).
 */
export interface ProjectorManifest {
  name: string;
  projections: readonly ProjectionDefinition[];
}
