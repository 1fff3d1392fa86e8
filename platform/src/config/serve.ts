import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';

/**
 * Listens on `port` and shuts down cleanly on SIGINT/SIGTERM: stop accepting, end open
 * connections (SSE streams included), then `onShutdown` (close ports), then exit.
 */
export async function serveUntilSignal(
  app: Koa<any, any>,
  options: { port: number; host?: string; logger: Logger; name: string; onShutdown?: () => Promise<void> },
): Promise<Server> {
  const server = app.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  options.logger.info({ port: options.port }, `${options.name} listening`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    options.logger.info({ signal }, `${options.name} stopping`);
    server.close();
    server.closeAllConnections();
    try {
      await options.onShutdown?.();
      process.exit(0);
    } catch (err) {
      options.logger.error({ err }, `${options.name} did not stop cleanly`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  return server;
}
