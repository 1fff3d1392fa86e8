import type Koa from 'koa';

/** What every simulator module receives from the sandbox host. */
export interface SandboxEnv {
  /** Directory for snapshots; each module uses its own file or sub-folder. */
  dataDir: string;
  /** Public base URL of the sandbox HTTP server, known once it listens (no trailing slash). */
  url(): string;
  httpPort: number;
  smtpPort: number;
  /** Deterministic seed for generated data. */
  seed: number;
  /** Per-module options, keyed by module name (e.g. `google`). */
  options: Record<string, unknown>;
  log(message: string): void;
}

/** A simulator mounted under its own URL prefix (e.g. `/google`, `/microsoft`, `/mailbox`). */
export interface SandboxModule {
  name: string;
  prefix: string;
  /** Handles requests whose path starts with `prefix` (the host strips nothing). */
  middleware: Koa.Middleware;
  /** One line for the sandbox index page. */
  summary?: () => string;
  start?(): Promise<void>;
  close?(): Promise<void>;
}

export type SandboxModuleFactory = (env: SandboxEnv) => SandboxModule | Promise<SandboxModule>;
