import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxEnv, SandboxModule, SandboxModuleFactory } from './kit/module';
import type { GoogleSandboxOptions } from './google/store';
import type { GoogleModule } from './google';
import type { MailboxModule } from './mailbox';
import { createSandboxServer, sandboxModules } from './server';

export type { SandboxEnv, SandboxModule, SandboxModuleFactory } from './kit/module';
export type { GoogleSandboxOptions } from './google/store';

export const DEFAULT_SEED = 20_240_601;

export interface StartSandboxOptions {
  /** HTTP port; 0 picks a free one. */
  httpPort: number;
  /** SMTP port of the mailbox; 0 picks a free one. */
  smtpPort: number;
  /** Where snapshots live (google-state.json, mailbox.json, uploaded media). */
  dataDir: string;
  /** Seed for generated data (users, accounts, locations, reviews...). */
  seed?: number;
  host?: string;
  google?: Partial<GoogleSandboxOptions>;
  /** Options for further modules, keyed by module name. */
  modules?: Record<string, unknown>;
  /** Replace the module list (tests). */
  moduleFactories?: SandboxModuleFactory[];
  log?: (message: string) => void;
}

export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:3001 (no trailing slash). */
  url: string;
  smtpPort: number;
  modules: SandboxModule[];
  google?: GoogleModule;
  mailbox?: MailboxModule;
  close(): Promise<void>;
}

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  mkdirSync(options.dataDir, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  let url = `http://${host}:${options.httpPort}`;
  const env: SandboxEnv = {
    dataDir: options.dataDir,
    url: () => url,
    httpPort: options.httpPort,
    smtpPort: options.smtpPort,
    seed: options.seed ?? DEFAULT_SEED,
    options: { ...(options.modules ?? {}), google: options.google ?? {} },
    log: options.log ?? ((m) => console.error(m)),
  };
  const { app, modules } = await createSandboxServer(env, options.moduleFactories ?? sandboxModules);
  const started: SandboxModule[] = [];
  let server: Server | undefined;
  const close = async () => {
    // Connections still open (keep-alive, or a Chat Completions call held to simulate a timeout) are cut, not awaited.
    if (server)
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        server!.closeAllConnections?.();
      });
    for (const m of started.reverse()) await m.close?.();
  };
  try {
    for (const m of modules) {
      await m.start?.();
      started.push(m);
    }
    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(options.httpPort, host);
      s.once('listening', () => resolve(s));
      s.once('error', reject);
    });
  } catch (err) {
    await close();
    throw err;
  }
  url = `http://${host}:${(server.address() as AddressInfo).port}`;
  const mailbox = modules.find((m) => m.name === 'mailbox') as MailboxModule | undefined;
  const google = modules.find((m) => m.name === 'google') as GoogleModule | undefined;
  return {
    url,
    smtpPort: mailbox ? mailbox.smtpPort() : options.smtpPort,
    modules,
    ...(google ? { google } : {}),
    ...(mailbox ? { mailbox } : {}),
    close,
  };
}
