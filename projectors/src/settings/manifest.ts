import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const settingsProjections: ProjectorManifest = { name: 'settings', projections };
