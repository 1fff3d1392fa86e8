import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const notificationsProjections: ProjectorManifest = { name: 'notifications', projections };
