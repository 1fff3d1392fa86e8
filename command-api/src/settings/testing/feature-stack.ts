import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Role } from '@locus/contracts';
import { createHttpApp, createTokenService, type CommandDeps, type QueryDeps, type ReactorDefinition } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createReactorRuntime } from '@locus/platform/runtime/reactor-runtime';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { listen, manualClock, memoryLogger } from '@locus/platform/http/testing';
import { projections } from '@locus/projectors/features';
import { mountCommandApi } from '../../app';
import { mountQueryApi } from '@locus/query-api/app';

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

/**
 * The in-process stack over real HTTP for the settings, Azure and staff API tests: SQLite
 * event store and embedded read store in memory, in-process bus, every feature's projections,
 * command and query routes on one server. Logs are kept in memory (the secrets test reads them).
 */
export async function startFeatureStack(options: { env?: Record<string, string>; reactors?: (deps: CommandDeps) => ReactorDefinition[] } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-feature-'));
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18080', ...options.env }, { sandboxByDefault: true });
  const logs = memoryLogger('debug');
  const logger = logs.logger;
  const clock = manualClock(new Date());
  const ids = { uuid: () => randomUUID() };
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections });
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock, ids });
  const mailer = { send: async () => undefined };
  const commandDeps: CommandDeps = { eventStore, readModels, readStore, bus, clock, ids, mailer, tokens, logger, config };
  const queryDeps: QueryDeps = { readModels, bus, clock, tokens, logger, config };
  const reactors = createReactorRuntime({ eventStore, readStore, bus, reactors: options.reactors?.(commandDeps) ?? [], logger });
  await reactors.start();

  const { app } = createHttpApp({
    logger,
    readiness: { eventStore, readStore, bus },
    mount: (r) => {
      mountCommandApi(r, commandDeps);
      mountQueryApi(r, queryDeps);
    },
  });
  const server = await listen(app);
  let lastPosition = 0;
  const responses: string[] = [];

  /** Calls the API; queries wait for the caller's last write (X-Min-Position). */
  async function call(method: string, urlPath: string, token?: string, body?: unknown): Promise<ApiResponse> {
    const headers: Record<string, string> = { 'X-Min-Position': String(lastPosition) };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${server.baseUrl}${urlPath}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    responses.push(text);
    const position = Number(res.headers.get('x-position'));
    if (position > lastPosition) lastPosition = position;
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed, headers: res.headers, text };
  }

  async function token(role: Role, companyId: string | null, extra: { userId?: string; viewingAsAdmin?: boolean } = {}) {
    const userId = extra.userId ?? randomUUID();
    const issued = await tokens.issue({
      userId,
      role,
      companyId,
      companyName: companyId ? 'Company' : null,
      fullName: `${role} user`,
      email: `${role.toLowerCase()}-${userId.slice(0, 8)}@example.com`,
      viewingAsAdmin: extra.viewingAsAdmin ?? false,
      ...(extra.viewingAsAdmin ? { adminUserId: userId } : {}),
    });
    return issued.token;
  }

  const administrator = await token('Administrator', null);

  /** A real company (created by the Administrator) with tokens for its admin, a user and the administrator viewing it. */
  async function createCompany(name = `Company ${randomUUID().slice(0, 6)}`) {
    const res = await call('POST', '/api/companies', administrator, {
      CompanyName: name,
      PrimaryContact: { FirstName: 'Pat', LastName: 'Owner', Email: `owner-${randomUUID().slice(0, 8)}@example.com`, Password: 'Secret#12345', ConfirmPassword: 'Secret#12345' },
    });
    if (res.status >= 300) throw new Error(`company creation failed: ${res.status} ${res.text}`);
    const companyId = res.body.Data.Id as string;
    return {
      companyId,
      admin: await token('CompanyAdmin', companyId),
      user: await token('CompanyUser', companyId),
      adminViewing: await token('CompanyAdmin', companyId, { viewingAsAdmin: true }),
    };
  }

  return {
    baseUrl: server.baseUrl,
    config,
    clock,
    commandDeps,
    logs,
    /** Every response body received so far. */
    responses,
    administrator,
    call,
    token,
    createCompany,
    async waitForProjections() {
      const head = await eventStore.headPosition();
      if (head > 0 && !(await readModels.waitForPosition(head, 10_000))) throw new Error(`projections did not reach ${head}`);
    },
    /** Resolves once every reactor has handled everything appended so far (including its own outcomes). */
    async waitForReactors() {
      for (let i = 0; i < 500; i++) {
        const head = await eventStore.headPosition();
        const statuses = await reactors.status();
        if (statuses.every((r) => (r.position ?? 0) >= head)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('reactors did not catch up');
    },
    async allEvents() {
      return eventStore.readAll();
    },
    async allDocuments() {
      const out: Record<string, unknown[]> = {};
      for (const name of await readStore.listCollections()) out[name] = await readStore.collection(name).find({});
      return out;
    },
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

export type FeatureStack = Awaited<ReturnType<typeof startFeatureStack>>;
