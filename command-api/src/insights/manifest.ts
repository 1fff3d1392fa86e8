import type { CommandManifest } from '../kit/manifest';
import { insightsReactors, insightsSchedules } from '.';

export const insightsCommands: CommandManifest = {
  name: 'insights',
  reactors: (deps) => insightsReactors(deps),
  schedules: (deps) => insightsSchedules(deps),
};
