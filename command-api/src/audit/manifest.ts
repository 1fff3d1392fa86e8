import type { CommandManifest } from '../kit/manifest';
import { auditCommandRoutes } from '.';

export const auditCommands: CommandManifest = {
  name: 'audit',
  routes: (deps) => auditCommandRoutes(deps),
};
