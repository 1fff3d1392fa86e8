import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { identityReactors } from './identity';
import { companiesReactors } from './companies';
import { usersReactors } from './users';
import { settingsReactors } from './settings';
import { connectionsReactors } from './connections';
import { bulkEditReactors, locationsReactors } from './locations';
import { reviewsReactors } from './reviews';
import { templatesReactors } from './templates';
import { locationContentReactors } from './location-content';
import { insightsReactors } from './insights';
import { reviewsAiReactors } from './reviews-ai';
import { googleChangesReactors } from './locations/google-changes-reactors';
import { notificationsReactors } from './notifications';

/** One feature's reactors (side effects: mail, Google, Graph), built from the command-side deps. */
export type ReactorFeature = (deps: CommandDeps) => ReactorDefinition[];

/**
 * The reactor manifest: feature helpers append one line each. The all-in-one launcher and
 * the reactor worker (reactor-worker.ts) run exactly these.
 */
export const reactorFeatures: ReactorFeature[] = [
  identityReactors,
  companiesReactors,
  usersReactors,
  settingsReactors,
  (deps) => connectionsReactors(deps),
  (deps) => locationsReactors(deps),
  (deps) => reviewsReactors(deps),
  (deps) => bulkEditReactors(deps),
  (deps) => templatesReactors(deps),
  (deps) => locationContentReactors(deps),
  (deps) => insightsReactors(deps),
  reviewsAiReactors,
  (deps) => googleChangesReactors(deps),
  notificationsReactors,
];
