import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const insightsProjections: ProjectorManifest = { name: 'insights', projections };
