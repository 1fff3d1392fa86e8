import type { SessionValidatorFactory } from '@locus/platform';
import type { CommandFeature, CommandManifest, ReactorFeature, ScheduleFeature } from './kit';
import { settingsCommands } from './settings/manifest';
import { azureCommands } from './azure/manifest';
import { staffCommands } from './staff/manifest';
import { identityCommands } from './identity/manifest';
import { companiesCommands } from './companies/manifest';
import { usersCommands } from './users/manifest';
import { connectionsCommands } from './connections/manifest';
import { locationsCommands } from './locations/manifest';
import { googleWorkspaceCommands } from './google-workspace/manifest';
import { reviewsCommands } from './reviews/manifest';
import { reviewsAiCommands } from './reviews-ai/manifest';
import { auditCommands } from './audit/manifest';
import { templatesCommands } from './templates/manifest';
import { locationContentCommands } from './location-content/manifest';
import { locationGroupsCommands } from './location-groups/manifest';
import { notificationsCommands } from './notifications/manifest';
import { insightsCommands } from './insights/manifest';

/**
 * The features command-api and the reactor worker run, one line each (the ops routes are the
 * app's own: app.ts). Routes, reactors and schedules below are read from these.
 */
export const commandManifests: readonly CommandManifest[] = [
  settingsCommands,
  azureCommands,
  staffCommands,
  identityCommands,
  companiesCommands,
  usersCommands,
  connectionsCommands,
  locationsCommands,
  googleWorkspaceCommands,
  reviewsCommands,
  reviewsAiCommands,
  auditCommands,
  templatesCommands,
  locationContentCommands,
  locationGroupsCommands,
  notificationsCommands,
  insightsCommands,
];

export const commandFeatures: CommandFeature[] = commandManifests.flatMap((feature) => (feature.routes ? [feature.routes] : []));

/** The all-in-one launcher and the reactor worker (reactor-worker.ts) run exactly these. */
export const reactorFeatures: ReactorFeature[] = commandManifests.flatMap((feature) => (feature.reactors ? [feature.reactors] : []));

/** Work due by time, on the kit's scheduler (kit/every.ts), each under a lease: one run per interval across processes. */
export const scheduleFeatures: ScheduleFeature[] = commandManifests.flatMap((feature) => (feature.schedules ? [feature.schedules] : []));

/** The server-side session check run after token verification; null means the token alone decides. */
export const sessionValidation: SessionValidatorFactory | null = commandManifests.find((feature) => feature.sessionValidation)?.sessionValidation ?? null;

export type { CommandFeature, ReactorFeature } from './kit';
