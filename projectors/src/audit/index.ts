import type { ProjectionDefinition } from '@locus/platform';
import { historyProjection } from './history-projection';

export { historyProjection };
export const projections: ProjectionDefinition[] = [historyProjection];
