import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { OpsStatus, OpsStatusReport } from './ops-status';
import type { RebuildJobs, RebuildJobStatus } from './rebuild-jobs';

/**
 * The running server's control socket in its data directory (`locus.sock`, mode 0600: only
 * the user that runs Locus can reach it). The projections CLI finds the data directory held
 * by the server (`locus.lock`) and asks it here instead of refusing: `rebuild` runs as an
 * online rebuild of the server (progress streamed back), `status` answers the ops report.
 * One JSON request line in, JSON lines out.
 */
export const CONTROL_SOCKET_FILE = 'locus.sock';

export type ControlRequest = { command: 'rebuild'; projection: string } | { command: 'status' };
export type ControlAnswer =
  | { type: 'progress'; job: RebuildJobStatus }
  | { type: 'done'; job: RebuildJobStatus }
  | { type: 'status'; report: OpsStatusReport }
  | { type: 'error'; message: string };

export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), CONTROL_SOCKET_FILE);

export interface ControlSocket {
  close(): Promise<void>;
}

export async function serveControlSocket(options: {
  dataDir: string;
  rebuildJobs: Pick<RebuildJobs, 'start' | 'onChange' | 'whenDone'>;
  opsStatus: OpsStatus;
}): Promise<ControlSocket> {
  const file = controlSocketPath(options.dataDir);
  fs.rmSync(file, { force: true }); // left by a process that died (the data dir lock is ours now)
  const server = net.createServer((socket) => {
    let buffer = '';
    const send = (answer: ControlAnswer) => socket.write(`${JSON.stringify(answer)}\n`);
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) {
        if (buffer.length > 10_000) socket.destroy();
        return;
      }
      socket.removeAllListeners('data');
      void handle(buffer.slice(0, newline));
    });
    async function handle(line: string) {
      let request: Partial<ControlRequest>;
      try {
        request = JSON.parse(line) as Partial<ControlRequest>;
      } catch {
        send({ type: 'error', message: 'The request is not JSON' });
        socket.end();
        return;
      }
      try {
        if (request.command === 'status') {
          send({ type: 'status', report: await options.opsStatus.status() });
        } else if (request.command === 'rebuild' && typeof request.projection === 'string') {
          const projection = request.projection;
          const off = options.rebuildJobs.onChange((job) => {
            if (job.projection === projection && job.state === 'running') send({ type: 'progress', job });
          });
          try {
            options.rebuildJobs.start(projection);
            const job = await options.rebuildJobs.whenDone(projection);
            if (job) send({ type: 'done', job });
          } finally {
            off();
          }
        } else {
          send({ type: 'error', message: 'Unknown command' });
        }
      } catch (err) {
        send({ type: 'error', message: err instanceof Error ? err.message : String(err) });
      }
      socket.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  fs.chmodSync(file, 0o600);
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(file, { force: true });
      }),
  };
}

/** Sends one request to the server holding `dataDir`; answers go to `onAnswer`. Rejects when no server listens. */
export function askServer(dataDir: string, request: ControlRequest, onAnswer: (answer: ControlAnswer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(controlSocketPath(dataDir));
    let buffer = '';
    socket.setEncoding('utf8');
    socket.once('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line) onAnswer(JSON.parse(line) as ControlAnswer);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
}
