import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createHttpApp,
  createLogger,
  createTokenService,
  type AnyRouter,
  type CommandDeps,
  type MailMessage,
  type ProjectionDefinition,
  type QueryDeps,
  type ReactorDefinition,
  type SessionValidator,
} from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { createReactorRuntime } from '@locus/platform/runtime/reactor-runtime';
import { listen } from '@locus/platform/http/testing';
import { mountCommandApi } from '@locus/command-api/app';
import type { CommandFeature } from '@locus/command-api/features';
import { mountQueryApi } from '@locus/query-api/app';
import type { QueryFeature } from '@locus/query-api/features';
import type { MatrixIdentities, MatrixStack, SeededUser } from './types';

export interface MatrixStackOptions {
  projections: readonly ProjectionDefinition[];
  /** Reactors to run (side effects some samples rely on, e.g. seeding); default none. */
  reactors?: readonly ReactorDefinition[];
  /** Default: the manifests in command-api/src/features.ts and query-api/src/features.ts. */
  commandFeatures?: CommandFeature[];
  queryFeatures?: QueryFeature[];
  /** Built from the command deps once they exist (e.g. the identity feature's session check). */
  sessionValidator?: (deps: CommandDeps) => SessionValidator;
}

export interface RunningMatrixStack extends MatrixStack {
  /** Mail the commands sent (OTP codes, invitations), newest last. */
  sentMail: MailMessage[];
  close(): Promise<void>;
}

/**
 * The in-process stack the way the all-in-one launcher composes it: SQLite event store and
 * embedded read store (in memory), in-process bus, the projector runtime, and command-api
 * plus query-api on one router.
 */
export async function startMatrixStack(options: MatrixStackOptions): Promise<RunningMatrixStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-matrix-'));
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18080' }, { sandboxByDefault: true });
  const logger = createLogger({ level: process.env.MATRIX_LOG_LEVEL ?? 'silent' });
  const clock = { now: () => new Date() };
  const ids = { uuid: () => randomUUID() };
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections: options.projections, logger });
  await projector.start();
  const reactors = createReactorRuntime({ eventStore, readStore, bus, reactors: options.reactors ?? [], logger });
  await reactors.start();
  const readModels = createReadModels({ readStore, bus, projections: options.projections });
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock, ids });
  const sentMail: MailMessage[] = [];
  const mailer = { send: async (mail: MailMessage) => void sentMail.push(mail) };

  const commandDeps: CommandDeps = { eventStore, readModels, readStore, bus, clock, ids, mailer, tokens, logger, config };
  const queryDeps: QueryDeps = { readModels, bus, clock, tokens, logger, config };
  const sessionValidator = options.sessionValidator?.(commandDeps);

  let router: AnyRouter | undefined;
  const { app } = createHttpApp({
    logger,
    readiness: { eventStore, readStore, bus },
    mount: (r) => {
      router = r;
      mountCommandApi(r, { ...commandDeps, sessionValidator, features: options.commandFeatures });
      mountQueryApi(r, { ...queryDeps, sessionValidator, features: options.queryFeatures, opsStatus: createOpsStatus({ eventStore, readStore, projections: options.projections, reactors: options.reactors }) });
    },
  });
  const server = await listen(app);

  return {
    baseUrl: server.baseUrl,
    commandDeps,
    queryDeps,
    sentMail,
    async waitForProjections() {
      const head = await eventStore.headPosition();
      if (head > 0 && !(await readModels.waitForPosition(head, 10_000))) throw new Error(`Projections did not reach position ${head}`);
    },
    mountedRoutes: () =>
      (router?.stack ?? []).flatMap((layer: { path: string | RegExp; methods: string[] }) =>
        layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
      ),
    async close() {
      await server.close();
      await reactors.stop();
      await projector.stop();
      readModels.close();
      await bus.close();
      await readStore.close();
      await eventStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Identities when no feature seeds real ones: tokens signed for fresh ids. Good enough for
 * routes that only check roles; features with a session check seed real users instead.
 */
export async function mintIdentities(stack: MatrixStack): Promise<MatrixIdentities> {
  const { tokens } = stack.commandDeps;
  const user = async (role: 'Administrator' | 'CompanyAdmin' | 'CompanyUser', companyId: string | null, companyName: string | null, admin?: SeededUser): Promise<SeededUser> => {
    const userId = admin?.userId ?? randomUUID();
    const { token } = await tokens.issue({
      userId,
      role,
      companyId,
      companyName,
      fullName: `${role} ${companyName ?? ''}`.trim(),
      email: `${role.toLowerCase()}-${userId.slice(0, 8)}@example.com`,
      viewingAsAdmin: Boolean(admin),
      ...(admin ? { adminUserId: admin.userId } : {}),
    });
    return { userId, token };
  };
  const administrator = await user('Administrator', null, null);
  const company = async (name: string) => {
    const companyId = randomUUID();
    return {
      companyId,
      companyName: name,
      companyUser: await user('CompanyUser', companyId, name),
      companyAdmin: await user('CompanyAdmin', companyId, name),
      adminViewing: await user('CompanyAdmin', companyId, name, administrator),
    };
  };
  return { administrator, companies: { a: await company('Company A'), b: await company('Company B') } };
}
