import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const templatesProjections: ProjectorManifest = { name: 'templates', projections };
