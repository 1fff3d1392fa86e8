import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const locationGroupsProjections: ProjectorManifest = { name: 'location-groups', projections };
