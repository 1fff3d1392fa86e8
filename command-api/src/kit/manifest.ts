import type { CommandDeps, ReactorDefinition, RouteImplementation, SessionValidatorFactory } from '@locus/platform';
import type { ScheduleFeature } from './every';

/** A feature's command routes, built from the command-side deps. */
export type CommandFeature<D extends CommandDeps = CommandDeps> = (deps: D) => RouteImplementation[];

/** A feature's reactors (side effects: mail, Google, Graph, the LLM). */
export type ReactorFeature = (deps: CommandDeps) => ReactorDefinition[];

/**
 * What one feature runs in command-api and the reactor worker, under the name of its contract
 * (contracts/src/<feature>/manifest.ts). Parts are factories: a process builds only the parts it
 * runs (command-api the routes, the reactor worker the reactors and schedules).
 */
export interface CommandManifest<D extends CommandDeps = CommandDeps> {
  name: string;
  routes?: CommandFeature<D>;
  reactors?: ReactorFeature;
  /** Work due by time, each under a lease (kit/every.ts). */
  schedules?: ScheduleFeature;
  /** The session check after token verification (deleted users, revoked sessions); one feature sets it. */
  sessionValidation?: SessionValidatorFactory;
}
