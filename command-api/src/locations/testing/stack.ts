import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { companyStream, userStream, type EventMetadata } from '@locus/contracts';
import {
  createEmbeddedReadStore,
  createHttpApp,
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createReactorRuntime,
  createReadModels,
  createSqliteEventStore,
  createTokenService,
  loadConfig,
  type CommandDeps,
  type QueryDeps,
} from '@locus/platform';
import { listen } from '@locus/platform/http/testing';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { mountCommandApi } from '../../app';
import { connectionsCommandRoutes, connectionsReactors } from '../../connections';
import { emailStreamOf } from '../../users/email-reservation';
import { locationsCommandRoutes, locationsReactors } from '..';
import { mountQueryApi } from '@locus/query-api/app';
import { connectionsQueryRoutes } from '@locus/query-api/connections/index';
import { locationsQueryRoutes } from '@locus/query-api/locations/index';
import { connectionsProjection } from '@locus/projectors/connections/index';
import { locationsProjection } from '@locus/projectors/locations/index';
import { usersProjection } from '@locus/projectors/users/users-projection';

/**
 * The connections and locations features on the in-process stack (SQLite and embedded read
 * store in memory, in-process bus, projections and reactors running) with the Google sandbox
 * over real HTTP.
 */
export interface LocationsTestStack {
  baseUrl: string;
  sandbox: RunningSandbox;
  deps: CommandDeps;
  waitForProjections(): Promise<void>;
  /** A company with a name, its admin and one company user (real user streams). */
  seedCompany(name?: string | null, adminEmail?: string): Promise<{ companyId: string; adminId: string; userId: string; adminToken: string; userToken: string }>;
  tokenFor(userId: string, role: 'CompanyAdmin' | 'CompanyUser' | 'Administrator', companyId: string | null): Promise<string>;
  close(): Promise<void>;
}

export async function startLocationsTestStack(options: { outcomeTimeoutMs?: number } = {}): Promise<LocationsTestStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-locations-'));
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: path.join(dataDir, 'sandbox'), log: () => undefined });
  const port = new URL(sandbox.url).port;
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18990', LOCUS_SANDBOX: 'true', LOCUS_SANDBOX_PORT: port }, { sandboxByDefault: true });
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = { now: () => new Date() };
  const ids = { uuid: () => randomUUID() };
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const projections = [connectionsProjection, locationsProjection, usersProjection];
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections });
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock, ids });
  const mailer = { send: async () => undefined };
  const deps: CommandDeps = { eventStore, readModels, readStore, bus, clock, ids, mailer, tokens, logger, config };
  const queryDeps: QueryDeps = { readModels, bus, clock, tokens, logger, config };
  const reactors = createReactorRuntime({ eventStore, readStore, bus, reactors: [...connectionsReactors(deps), ...locationsReactors(deps)], logger });
  await reactors.start();
  const { app } = createHttpApp({
    logger,
    readiness: { eventStore, readStore, bus },
    mount: (r) => {
      mountCommandApi(r, { ...deps, features: [(d) => connectionsCommandRoutes(d), (d) => locationsCommandRoutes(d, { outcomeTimeoutMs: options.outcomeTimeoutMs ?? 15_000 })] });
      mountQueryApi(r, { ...queryDeps, features: [connectionsQueryRoutes, locationsQueryRoutes] });
    },
  });
  const server = await listen(app);

  const metadata = (companyId: string | null): EventMetadata => ({
    companyId,
    actor: { userId: 'system', role: 'System' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  const tokenFor = async (userId: string, role: 'CompanyAdmin' | 'CompanyUser' | 'Administrator', companyId: string | null) =>
    (await tokens.issue({ userId, role, companyId, companyName: null, fullName: 'Test User', email: `${userId}@example.test`, viewingAsAdmin: false })).token;

  const user = async (companyId: string, role: 'CompanyAdmin' | 'CompanyUser', firstName: string, lastName: string, givenEmail?: string) => {
    const userId = randomUUID();
    const email = givenEmail ?? `${firstName.toLowerCase()}.${userId.slice(0, 6)}@example.test`;
    await eventStore.append(emailStreamOf(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId }, metadata: metadata(companyId) }], { expectedRevision: 'no_stream' });
    await eventStore.append(userStream(userId), [
      {
        id: randomUUID(),
        type: 'UserCreated',
        data: { userId, companyId, role, firstName, lastName, email, phoneNumber: '', passwordHash: null, isDefaultCompanyContact: role === 'CompanyAdmin', source: 'seed' },
        metadata: metadata(companyId),
      },
    ], { expectedRevision: 'no_stream' });
    return userId;
  };

  return {
    baseUrl: server.baseUrl,
    sandbox,
    deps,
    async waitForProjections() {
      const head = await eventStore.headPosition();
      if (head > 0 && !(await readModels.waitForPosition(head, 10_000))) throw new Error(`Projections did not reach ${head}`);
    },
    async seedCompany(name = 'Acme Test Co', adminEmail?: string) {
      const companyId = randomUUID();
      const adminId = await user(companyId, 'CompanyAdmin', 'Alice', 'Admin', adminEmail);
      const userId = await user(companyId, 'CompanyUser', 'Uma', 'User');
      await eventStore.append(companyStream(companyId), [
        { id: randomUUID(), type: 'CompanyCreated', data: { companyId, companyName: name, defaultAdminId: adminId, source: 'seed' }, metadata: metadata(companyId) },
      ], { expectedRevision: 'no_stream' });
      return { companyId, adminId, userId, adminToken: await tokenFor(adminId, 'CompanyAdmin', companyId), userToken: await tokenFor(userId, 'CompanyUser', companyId) };
    },
    tokenFor,
    async close() {
      await server.close();
      await reactors.stop();
      await projector.stop();
      readModels.close();
      await bus.close();
      await readStore.close();
      await eventStore.close();
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
