import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const locationsProjections: ProjectorManifest = { name: 'locations', projections };
