import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const reviewsProjections: ProjectorManifest = { name: 'reviews', projections };
