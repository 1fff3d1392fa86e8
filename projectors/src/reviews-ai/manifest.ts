import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const reviewsAiProjections: ProjectorManifest = { name: 'reviews-ai', projections };
