import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const azureProjections: ProjectorManifest = { name: 'azure', projections };
