import type { CommandManifest } from '../kit/manifest';
import { notificationsCommandRoutes, notificationsReactors, notificationsSchedules } from '.';

export const notificationsCommands: CommandManifest = {
  name: 'notifications',
  routes: (deps) => notificationsCommandRoutes(deps),
  reactors: (deps) => notificationsReactors(deps),
  schedules: (deps) => notificationsSchedules(deps),
};
