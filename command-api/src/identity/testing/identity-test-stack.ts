import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTokenService, type CommandDeps, type QueryDeps } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createReactorRuntime } from '@locus/platform/runtime/reactor-runtime';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { listen, memoryLogger } from '@locus/platform/http/testing';
import { createMemoryMailer } from '@locus/platform/mail/memory-mailer';
import { projections } from '@locus/projectors/features';
import { createCommandApi } from '../../app';
import { sessionValidation as commandSessionValidation } from '../../features';
import { createQueryApi } from '@locus/query-api/app';
import { sessionValidation as querySessionValidation } from '@locus/query-api/features';
import { identityReactors } from '../routes';
import { companiesReactors } from '../../companies';
import { usersReactors } from '../../users';

/**
 * The identity/companies/users slice as deployed in distributed mode, in one process:
 * command-api and query-api as two Koa apps on their own ports (real HTTP), SQLite event
 * store and embedded read store in memory, in-process bus, every projection, this slice's
 * reactors with an in-memory mailer, and the session validators of both manifests.
 * Logs are captured (JSON lines) for the secrets scan.
 */
export async function startIdentityStack(options: { clock?: { now(): Date } } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-identity-'));
  const config = loadConfig({ LOCUS_DATA_DIR: dataDir, PORT: '18080', LOCUS_PUBLIC_URL: 'http://locus.test' }, { sandboxByDefault: true });
  const logs = memoryLogger('debug');
  const logger = logs.logger;
  const clock = options.clock ?? { now: () => new Date() };
  const ids = { uuid: () => randomUUID() };
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger });
  await projector.start();
  const readModels = createReadModels({ readStore, bus, projections });
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock, ids });
  const mailer = createMemoryMailer();
  const commandDeps: CommandDeps = { eventStore, readModels, readStore, bus, clock, ids, mailer, tokens, logger, config };
  const queryDeps: QueryDeps = { readModels, bus, clock, tokens, logger, config };
  const reactors = createReactorRuntime({
    eventStore,
    readStore,
    bus,
    reactors: [...identityReactors(commandDeps), ...companiesReactors(commandDeps), ...usersReactors(commandDeps)],
    logger,
    clock,
  });
  await reactors.start();

  const commandApp = createCommandApi({ ...commandDeps, sessionValidator: commandSessionValidation?.(commandDeps) ?? undefined });
  const queryApp = createQueryApi({ ...queryDeps, sessionValidator: querySessionValidation?.({ readModels, clock }) ?? undefined });
  const commandServer = await listen(commandApp);
  const queryServer = await listen(queryApp);

  /** Sends a request to the app that serves it (commands vs queries by method/path as the route table says). */
  async function call(
    app: 'command' | 'query',
    method: string,
    urlPath: string,
    init: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: BodyInit | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const base = app === 'command' ? commandServer.baseUrl : queryServer.baseUrl;
    const res = await fetch(`${base}${urlPath}`, { method, headers, body });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, text, headers: res.headers };
  }

  return {
    config,
    commandDeps,
    queryDeps,
    mailer,
    logs,
    eventStore,
    readStore,
    readModels,
    bus,
    command: (method: string, urlPath: string, init?: Parameters<typeof call>[3]) => call('command', method, urlPath, init),
    query: (method: string, urlPath: string, init?: Parameters<typeof call>[3]) => call('query', method, urlPath, init),
    async waitForProjections() {
      const head = await eventStore.headPosition();
      if (head > 0 && !(await readModels.waitForPosition(head, 10_000))) throw new Error(`Projections did not reach position ${head}`);
    },
    async close() {
      await commandServer.close();
      await queryServer.close();
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

export type IdentityStack = Awaited<ReturnType<typeof startIdentityStack>>;
