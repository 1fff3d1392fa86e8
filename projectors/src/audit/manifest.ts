import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const auditProjections: ProjectorManifest = { name: 'audit', projections };
