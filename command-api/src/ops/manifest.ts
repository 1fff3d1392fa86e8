import type { CommandDeps, OpsControl } from '@locus/platform';
import type { CommandManifest } from '../kit/manifest';
import { opsCommandRoutes } from '.';

/** Rebuilds and parked events of the processes that run them; every command-api serves these (app.ts). */
export const opsCommands = {
  name: 'ops',
  routes: (deps) => opsCommandRoutes(deps),
} satisfies CommandManifest<CommandDeps & { ops?: OpsControl }>;
