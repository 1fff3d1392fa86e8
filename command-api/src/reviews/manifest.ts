import type { CommandManifest } from '../kit/manifest';
import { reviewsCommandRoutes, reviewsReactors, reviewsSchedules } from '.';

export const reviewsCommands: CommandManifest = {
  name: 'reviews',
  routes: (deps) => reviewsCommandRoutes(deps),
  reactors: (deps) => reviewsReactors(deps),
  schedules: (deps) => reviewsSchedules(deps),
};
