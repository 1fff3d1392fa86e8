import type Koa from 'koa';
import {
  createHttpApp,
  mountRoutes,
  type AnyRouter,
  type BodyLimits,
  type CommandDeps,
  type LocusState,
  type OpsControl,
  type RouteImplementation,
  type SessionValidator,
} from '@locus/platform';
import { commandFeatures, type CommandFeature } from './features';
import { opsCommands } from './ops/manifest';

export interface CommandApiOptions {
  /** Server-side session check (deleted or deactivated users); default: tokens alone decide. */
  sessionValidator?: SessionValidator;
  /** Default: the routes of the manifests in features.ts. */
  features?: CommandFeature[];
  limits?: Partial<BodyLimits>;
  /** Rebuilds and reactors of this process, for the `/api/ops/...` commands (503 without). */
  ops?: OpsControl;
}

export type CommandApiDeps = CommandDeps & CommandApiOptions;

/** Every command route implementation of the enabled features, and the ops routes. */
export function commandApiRoutes(deps: CommandApiDeps): RouteImplementation[] {
  return [...opsCommands.routes(deps), ...(deps.features ?? commandFeatures).flatMap((feature) => feature(deps))];
}

/** Mounts the command routes on a router (the all-in-one launcher shares one router). */
export function mountCommandApi(router: AnyRouter, deps: CommandApiDeps): void {
  mountRoutes(router, commandApiRoutes(deps), {
    tokens: deps.tokens,
    sessionValidator: deps.sessionValidator,
    limits: deps.limits,
    readModels: deps.readModels,
  });
}

/** The command API as its own Koa app, with `/health` and `/ready`. */
export function createCommandApi(deps: CommandApiDeps): Koa<LocusState> & { router: AnyRouter } {
  const { app, router } = createHttpApp({
    logger: deps.logger.child({ app: 'command-api' }),
    readiness: { eventStore: deps.eventStore, readStore: deps.readStore, bus: deps.bus },
    mount: (r) => mountCommandApi(r, deps),
    proxy: deps.config.trustProxy,
    metricsAccess: deps.config.metrics,
  });
  return Object.assign(app, { router });
}
