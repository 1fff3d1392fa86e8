import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const companiesProjections: ProjectorManifest = { name: 'companies', projections };
