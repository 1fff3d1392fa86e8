import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Role, RouteDef } from '@locus/contracts';
import {
  createHttpApp,
  createTokenService,
  type AnyRouter,
  type Clock,
  type CommandDeps,
  type ProjectionDefinition,
  type QueryDeps,
  type ReactorDefinition,
  type SessionValidator,
} from '@locus/platform';
import { createEmbeddedReadStore, createInProcessBus, createSqliteEventStore } from '@locus/platform/adapters';
import { createOpsStatus, createProjectorRuntime, createReactorRuntime, createReadModels, createRebuildJobs } from '@locus/platform/runtimes';
import { loadConfig } from '@locus/platform/config/config';
import { listen, memoryLogger } from '@locus/platform/http/testing';
import { createMemoryMailer } from '@locus/platform/mail/memory-mailer';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { mountCommandApi } from '@locus/command-api/app';
import {
  commandFeatures as commandManifest,
  sessionValidation as commandSessionValidation,
  type CommandFeature,
  type ReactorFeature,
} from '@locus/command-api/features';
import { createScheduler, type ScheduleFeature } from '@locus/command-api/kit/every';
import { mountQueryApi } from '@locus/query-api/app';
import { queryFeatures as queryManifest, sessionValidation as querySessionValidation, type QueryFeature } from '@locus/query-api/features';
import { projections as projectionManifest } from '@locus/projectors/features';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { routeAnswer, routeRequest, sendHttp, type RouteAnswer, type SendArgs } from './route-client';

export interface TestStackOptions {
  /** Default: the manifests (command-api/src/features.ts, query-api/src/features.ts, projectors/src/features.ts). */
  commandFeatures?: CommandFeature[];
  queryFeatures?: QueryFeature[];
  projections?: readonly ProjectionDefinition[];
  /** Reactor features to run (`reactorFeatures` of command-api/src/features.ts lists them all); default none. */
  reactors?: ReactorFeature[];
  /** Schedule features to run (`scheduleFeatures` of command-api/src/features.ts lists them all); default none. */
  schedules?: ScheduleFeature[];
  /** The session checks of the manifests (deleted users, revoked sessions); default true. */
  sessionValidation?: boolean;
  /** 'one': command and query routes on one server (all-in-one); 'two': two apps as deployed distributed. */
  apps?: 'one' | 'two';
  /** Start the Google/Microsoft/SMTP sandbox and point the config at it. */
  sandbox?: boolean;
  clock?: Clock;
  /** Extra environment for loadConfig. */
  env?: Record<string, string>;
  /** Keep the read store in a file of the data dir instead of memory (benches). */
  readStoreOnDisk?: boolean;
  /** Events per batch of an online rebuild (default 5,000). */
  rebuildBatchSize?: number;
  /**
   * A data directory of the caller's: the event store, read store and sandbox keep their files
   * there and it is left in place on close, so a second stack on it is a restart.
   */
  dataDir?: string;
  /** Send mail over SMTP to the sandbox's mailbox instead of keeping it in memory. */
  smtpMail?: boolean;
  /** Level of the logs kept in memory (`logs.lines()`); default TEST_LOG_LEVEL or silent. */
  logLevel?: string;
}

export interface ApiAnswer {
  status: number;
  /** Parsed JSON (null for an empty or non-JSON body). */
  body: any;
  text: string;
  headers: Headers;
  /** X-Position of a command (0 when absent). */
  position: number;
}

/**
 * The one in-process stack for API tests and tools, composed from the feature manifests: the
 * SQLite event store and embedded read store in memory, the in-process bus, the projector
 * runtime, the chosen reactors with an in-memory mailer, command-api and query-api over real
 * HTTP, logs kept in memory.
 */
export async function startTestStack(options: TestStackOptions = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'locus-test-'));
  const sandbox: RunningSandbox | undefined = options.sandbox
    ? await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: path.join(dataDir, 'sandbox'), log: () => undefined })
    : undefined;
  const sandboxEnv: Record<string, string> = sandbox
    ? { LOCUS_SANDBOX: 'true', LOCUS_SANDBOX_PORT: new URL(sandbox.url).port, LOCUS_SANDBOX_SMTP_PORT: String(sandbox.smtpPort) }
    : {};
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18080', ...sandboxEnv, ...options.env }, { sandboxByDefault: true });
  const logs = memoryLogger(options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'silent');
  const logger = logs.logger;
  const clock = options.clock ?? { now: () => new Date() };
  const ids = { uuid: () => randomUUID() };
  const eventStore = createSqliteEventStore({ file: options.dataDir ? path.join(dataDir, 'events.db') : ':memory:' });
  const readStore = createEmbeddedReadStore({ file: options.readStoreOnDisk || options.dataDir ? path.join(dataDir, 'readmodels.db') : ':memory:' });
  const bus = createInProcessBus();
  const projections = options.projections ?? projectionManifest;
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections });
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock, ids });
  const memoryMailer = createMemoryMailer();
  const smtpMailer = options.smtpMail ? createSmtpMailer(config.smtp) : null;
  const mailer = smtpMailer ?? memoryMailer;
  const commandDeps: CommandDeps = { eventStore, readModels, readStore, bus, clock, ids, mailer, tokens, logger, config };
  const queryDeps: QueryDeps = { readModels, bus, clock, tokens, logger, config };
  const reactorDefinitions: ReactorDefinition[] = (options.reactors ?? []).flatMap((feature) => feature(commandDeps));
  const reactors = createReactorRuntime({ eventStore, readStore, bus, reactors: reactorDefinitions, logger, clock });
  await reactors.start();
  const scheduler = createScheduler({ readStore, logger });
  scheduler.start((options.schedules ?? []).flatMap((feature) => feature(commandDeps)));
  const rebuildJobs = createRebuildJobs({ eventStore, readStore, bus, projections, logger, batchSize: options.rebuildBatchSize });
  const ops = { projections, rebuildJobs, reactors };

  const validate = options.sessionValidation ?? true;
  const commandValidator: SessionValidator | undefined = validate ? (commandSessionValidation?.(commandDeps) ?? undefined) : undefined;
  const queryValidator: SessionValidator | undefined = validate ? (querySessionValidation?.({ readModels, clock }) ?? undefined) : undefined;
  const mountCommands = (r: AnyRouter) =>
    mountCommandApi(r, { ...commandDeps, sessionValidator: commandValidator, features: options.commandFeatures ?? commandManifest, ops });
  const mountQueries = (r: AnyRouter) =>
    mountQueryApi(r, {
      ...queryDeps,
      sessionValidator: queryValidator,
      features: options.queryFeatures ?? queryManifest,
      opsStatus: createOpsStatus({ eventStore, readStore, projections, reactors: reactorDefinitions, rebuildJobs }),
    });
  const readiness = { eventStore, readStore, bus };
  const routers: AnyRouter[] = [];
  const app = (mount: (r: AnyRouter) => void): Koa<any, any> =>
    createHttpApp({
      logger,
      readiness,
      mount: (r) => {
        routers.push(r);
        mount(r);
      },
    }).app;
  const servers =
    (options.apps ?? 'one') === 'one'
      ? [await listen(app((r) => (mountCommands(r), mountQueries(r))))]
      : [await listen(app(mountCommands)), await listen(app(mountQueries))];
  const commandUrl = servers[0]!.baseUrl;
  const queryUrl = servers.at(-1)!.baseUrl;
  let lastPosition = 0;

  /** Sends a request; `to` picks the app when command and query are two. Queries wait for the last write seen (X-Min-Position). */
  async function call(
    method: string,
    urlPath: string,
    init: { token?: string | null; body?: unknown; form?: FormData; headers?: Record<string, string>; to?: 'command' | 'query' } = {},
  ): Promise<ApiAnswer> {
    const answer = await sendHttp(`${init.to === 'query' ? queryUrl : commandUrl}${urlPath}`, {
      ...init,
      method,
      headers: { 'X-Min-Position': String(lastPosition), ...init.headers },
    });
    if (answer.position > lastPosition) lastPosition = answer.position;
    return answer;
  }

  /**
   * Sends a request to a route of the contracts' route table: path params, query and body typed by
   * its schemas, the answer by its response schema (queries wait for the last write seen).
   */
  async function send<const R extends RouteDef>(route: R, ...[options]: SendArgs<R>): Promise<RouteAnswer<R>> {
    const request = routeRequest(route, options);
    return routeAnswer<R>(await call(request.method, request.path, { ...request, to: route.kind }));
  }

  /** A signed token for any identity (routes that check roles only; real users come from the features). */
  async function tokenFor(
    role: Role,
    companyId: string | null,
    extra: { userId?: string; adminUserId?: string; companyName?: string | null; fullName?: string; email?: string } = {},
  ) {
    const userId = extra.userId ?? randomUUID();
    return (
      await tokens.issue({
        userId,
        role,
        companyId,
        companyName: extra.companyName ?? null,
        fullName: extra.fullName ?? `${role} user`,
        email: extra.email ?? `${role.toLowerCase()}-${userId.slice(0, 8)}@example.test`,
        viewingAsAdmin: extra.adminUserId !== undefined,
        ...(extra.adminUserId !== undefined ? { adminUserId: extra.adminUserId } : {}),
      })
    ).token;
  }

  return {
    /** The command server (the only one when `apps` is 'one'). */
    baseUrl: commandUrl,
    commandUrl,
    queryUrl,
    config,
    clock,
    sandbox,
    commandDeps,
    queryDeps,
    eventStore,
    readStore,
    readModels,
    bus,
    mailer: memoryMailer,
    logs,
    /** Online rebuilds (`POST /api/ops/projections/:name/rebuild`) and the reactors (parked events). */
    rebuildJobs,
    reactors,
    call,
    send,
    tokenFor,
    /** Method and path of every mounted route (the role matrix checks it against the route table). */
    mountedRoutes: () =>
      routers.flatMap((router) =>
        (router.stack ?? []).flatMap((layer: { path: string | RegExp; methods: string[] }) =>
          layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
        ),
      ),
    async waitForProjections() {
      const head = await eventStore.headPosition();
      if (head > 0 && !(await readModels.waitForPosition(head, 10_000))) throw new Error(`Projections did not reach position ${head}`);
    },
    /** Resolves once every reactor has handled everything appended so far (including its own outcomes). */
    async waitForReactors() {
      for (let i = 0; i < 500; i++) {
        const head = await eventStore.headPosition();
        if ((await reactors.status()).every((r) => (r.position ?? 0) >= head)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('reactors did not catch up');
    },
    allEvents: () => eventStore.readAll(),
    async allDocuments() {
      const out: Record<string, unknown[]> = {};
      for (const name of await readStore.listCollections()) out[name] = await readStore.collection(name).find({});
      return out;
    },
    async close() {
      for (const server of servers) await server.close();
      await scheduler.stop();
      await rebuildJobs.stop();
      await reactors.stop();
      await projector.stop();
      readModels.close();
      await bus.close();
      await readStore.close();
      await eventStore.close();
      smtpMailer?.close();
      await sandbox?.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;
