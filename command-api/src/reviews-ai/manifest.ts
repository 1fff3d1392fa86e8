import type { CommandManifest } from '../kit/manifest';
import { reviewsAiCommandRoutes, reviewsAiReactors, reviewsAiSchedules } from '.';

export const reviewsAiCommands: CommandManifest = {
  name: 'reviews-ai',
  routes: (deps) => reviewsAiCommandRoutes(deps),
  reactors: (deps) => reviewsAiReactors(deps),
  schedules: (deps) => reviewsAiSchedules(deps),
};
