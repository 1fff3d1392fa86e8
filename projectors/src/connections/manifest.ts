import type { ProjectorManifest } from '../manifest';
import { projections } from '.';

export const connectionsProjections: ProjectorManifest = { name: 'connections', projections };
