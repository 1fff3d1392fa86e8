import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const identityProjections: ProjectorManifest = { name: 'identity', projections };
