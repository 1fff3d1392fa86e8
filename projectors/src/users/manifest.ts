import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const usersProjections: ProjectorManifest = { name: 'users', projections };
