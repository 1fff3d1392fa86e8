import type { Server } from 'node:http';
import type Koa from 'koa';

/** A port another process holds, with the variable that chooses it. */
export class PortInUseError extends Error {
  constructor(
    readonly variable: string,
    readonly port: number,
  ) {
    super(`Port ${port} is already in use: set ${variable} to a free port.`);
    this.name = 'PortInUseError';
  }
}

const isAddressInUse = (err: unknown): err is NodeJS.ErrnoException & { port?: number } => (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/**
 * The one-line explanation of a port clash: `variables` names the variable behind each port
 * (a clash on a port not listed names the first). Null when `err` is not a clash.
 */
export function explainPortClash(err: unknown, variables: ReadonlyArray<readonly [number, string]>): PortInUseError | null {
  if (err instanceof PortInUseError) return err;
  if (!isAddressInUse(err)) return null;
  const port = typeof err.port === 'number' ? err.port : Number(/:(\d+)$/.exec(err.message)?.[1] ?? variables[0]?.[0] ?? 0);
  const variable = variables.find(([p]) => p === port)?.[1] ?? variables[0]?.[1] ?? 'PORT';
  return new PortInUseError(variable, port);
}

/** `app.listen(port, host)`, failing with a PortInUseError naming `variable` on a clash. */
export async function listenOrExplain(app: Koa, options: { port: number; host?: string; variable: string }): Promise<Server> {
  const server = app.listen(options.port, options.host);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (err) {
    throw explainPortClash(err, [[options.port, options.variable]]) ?? err;
  }
  return server;
}
