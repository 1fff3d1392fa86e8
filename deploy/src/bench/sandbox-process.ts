import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';

/**
 * The sandbox in a process of its own for the benches that measure Locus's CPU per Google
 * write (templates, bulk edit): in the server's process its own work (answering Google's
 * calls, writing its state snapshots) would count as Locus's. The bench talks to it over IPC
 * for what it reads and sets on the sandbox's Google store.
 */
type Request =
  | { op: 'start'; httpPort: number; smtpPort: number; dataDir: string }
  | { op: 'benchAccount'; locations: number }
  | { op: 'setQueriesPerMinute'; perMinute: number }
  | { op: 'countQueries' }
  | { op: 'stats' }
  | { op: 'posts'; locationIds: string[]; summaryPrefix: string }
  | { op: 'close' };

export interface SandboxStats {
  /** Since the last Google query the sandbox counted. */
  msSinceLastQuery: number;
  /** Queries since `countQueries`. */
  queries: number;
  /** Queries refused by the quota since `countQueries`. */
  rejectedQueries: number;
  quotaRejections: { edits: number; queries: number };
}

export interface SandboxProcess {
  url: string;
  benchAccount(locations: number): Promise<{ accountName: string; ownerEmail: string; locationIds: string[] }>;
  setQueriesPerMinute(perMinute: number): Promise<void>;
  /** Starts counting queries (and the quota's refusals) from zero. */
  countQueries(): Promise<void>;
  stats(): Promise<SandboxStats>;
  /** Per location, the create times of its posts whose summary starts with `summaryPrefix`. */
  posts(locationIds: string[], summaryPrefix: string): Promise<string[][]>;
  close(): Promise<void>;
}

export async function startSandboxProcess(options: { httpPort: number; smtpPort: number; dataDir: string }): Promise<SandboxProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let seq = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { seq: number; ok: boolean; value?: unknown; error?: string }) => {
    const p = pending.get(m.seq);
    pending.delete(m.seq);
    if (m.ok) p?.resolve(m.value);
    else p?.reject(new Error(`sandbox process: ${m.error}`));
  });
  child.on('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`sandbox process exited (${code})`));
    pending.clear();
  });
  const call = <T>(req: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++seq;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ seq: id, req });
    });
  const { url } = await call<{ url: string }>({ op: 'start', ...options });
  return {
    url,
    benchAccount: (locations) => call({ op: 'benchAccount', locations }),
    setQueriesPerMinute: (perMinute) => call({ op: 'setQueriesPerMinute', perMinute }),
    countQueries: () => call({ op: 'countQueries' }),
    stats: () => call({ op: 'stats' }),
    posts: (locationIds, summaryPrefix) => call({ op: 'posts', locationIds, summaryPrefix }),
    close: async () => {
      await call({ op: 'close' }).catch(() => undefined);
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The child's side: the sandbox and the answers to the bench's requests. */
async function serve(send: (m: unknown) => void) {
  let sandbox: RunningSandbox | undefined;
  let lastQueryAt = performance.now();
  let queries = 0;
  let rejectedQueries = 0;
  const store = () => {
    const s = sandbox?.google?.store;
    if (!s) throw new Error('the sandbox has no Google module');
    return s;
  };
  const answer = async (req: Request): Promise<unknown> => {
    switch (req.op) {
      case 'start': {
        sandbox = await startSandbox({ httpPort: req.httpPort, smtpPort: req.smtpPort, dataDir: req.dataDir, log: () => undefined });
        const s = store();
        const countQuery = s.countQuery.bind(s);
        s.countQuery = (sub) => {
          lastQueryAt = performance.now();
          queries++;
          try {
            countQuery(sub);
          } catch (err) {
            rejectedQueries++;
            throw err;
          }
        };
        return { url: sandbox.url };
      }
      case 'benchAccount': {
        const account = store().ensureBenchAccount(req.locations);
        const owner = store().user(account.members[0]!.sub)!;
        return { accountName: account.accountName, ownerEmail: owner.email, locationIds: account.locationIds };
      }
      case 'setQueriesPerMinute':
        store().options.queriesPerMinute = req.perMinute;
        return null;
      case 'countQueries':
        queries = 0;
        rejectedQueries = 0;
        return null;
      case 'stats':
        return {
          msSinceLastQuery: performance.now() - lastQueryAt,
          queries,
          rejectedQueries,
          quotaRejections: { ...store().quotaRejections },
        } satisfies SandboxStats;
      case 'posts':
        return req.locationIds.map((id) =>
          (store().state.posts[id] ?? [])
            .filter((p) => String(p.resource.summary ?? '').startsWith(req.summaryPrefix))
            .map((p) => String(p.resource.createTime)),
        );
      case 'close':
        await sandbox?.close();
        sandbox = undefined;
        return null;
    }
  };
  process.on('message', (m: { seq: number; req: Request }) => {
    answer(m.req).then(
      (value) => send({ seq: m.seq, ok: true, value }),
      (err: unknown) => send({ seq: m.seq, ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

// Forked by startSandboxProcess: this module is the child's entry.
if (process.send && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const send = process.send.bind(process);
  await serve((m) => send(m));
}
