import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const locationContentProjections: ProjectorManifest = { name: 'location-content', projections };
