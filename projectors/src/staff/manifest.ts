import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const staffProjections: ProjectorManifest = { name: 'staff', projections };
