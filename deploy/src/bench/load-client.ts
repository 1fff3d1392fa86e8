/**
 * The bench's load generator, run as a child process (forked by run-bench.ts) so that the
 * requests it makes, and the parsing of the answers, do not compete with the server for the
 * server's event loop: the figures then measure Locus, not the client.
 *
 * Protocol (IPC): the parent sends one `LoadJob`, the child answers with one `LoadResult`.
 */
import http from 'node:http';
import { percentile, runConcurrently } from './measure';
import { openSse, openSseTab } from './sse-client';

export type LoadJob =
  | { kind: 'appends'; url: string; token: string; companyId: string; count: number; concurrency: number; label: string }
  /** One command every `intervalMs`, each after the previous one's answer. */
  | { kind: 'paced'; url: string; token: string; companyId: string; count: number; intervalMs: number; label: string }
  | { kind: 'sse'; url: string; token: string; companyId: string; samples: number; label: string }
  | { kind: 'burst'; url: string; token: string; companyId: string; tabs: number; count: number; concurrency: number; label: string };

export type LoadResult =
  | { ok: true; kind: 'appends' | 'paced'; seconds: number; clientCpuMs: number }
  | { ok: true; kind: 'sse'; p50: number; p95: number; max: number }
  | { ok: true; kind: 'burst'; appendSeconds: number; toldAllMs: number; resyncs: number; manyMessages: number }
  | { ok: false; error: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POST a JSON body over a keep-alive connection; resolves with status and body text. */
function postJson(url: URL, token: string, body: string): Promise<{ status: number; text: string; position: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, position: Number(res.headers['x-position'] ?? 0) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function staffCreator(job: { url: string; token: string; companyId: string; label: string }) {
  const target = new URL(`${job.url}/api/staff/${job.companyId}/create`);
  let n = 0;
  return async (): Promise<{ id: string; position: number }> => {
    n += 1;
    const tag = `${job.label}${n}`;
    const body = JSON.stringify({ FirstName: `Bench${tag}`, LastName: 'Staff', Email: `bench${tag}@example.com`, PhoneNumber: '(512) 555-0100' });
    const res = await postJson(target, job.token, body);
    if (res.status !== 200) throw new Error(`staff create answered ${res.status}: ${res.text}`);
    return { id: (JSON.parse(res.text) as { Data: { Id: string } }).Data.Id, position: res.position };
  };
}

async function run(job: LoadJob): Promise<LoadResult> {
  const createStaff = staffCreator(job);
  if (job.kind === 'appends') {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await runConcurrently(job.count, job.concurrency, createStaff);
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu);
    return { ok: true, kind: 'appends', seconds, clientCpuMs: (used.user + used.system) / 1000 };
  }
  if (job.kind === 'paced') {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < job.count; i++) {
      const wait = t0 + i * job.intervalMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await createStaff();
    }
    const used = process.cpuUsage(cpu);
    return { ok: true, kind: 'paced', seconds: (performance.now() - t0) / 1000, clientCpuMs: (used.user + used.system) / 1000 };
  }
  if (job.kind === 'burst') return burst(job, createStaff);
  // One command at a time: from sending it to its "changed" message at a connected SSE client.
  const sse = await openSse(`${job.url}/api/live`, job.token);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < job.samples; i++) {
      const sent = performance.now();
      const arrived = sse.waitFor((msg) => msg.kind === 'changed' && msg.collection === 'staff');
      const { id } = await createStaff();
      const msg = await arrived;
      if (!msg.ids?.includes(id)) throw new Error(`SSE message for ${msg.ids?.join(', ')}, expected ${id}`);
      latencies.push(sse.lastArrival - sent);
    }
    return { ok: true, kind: 'sse', p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) };
  } finally {
    sse.close();
  }
}

/**
 * `tabs` live connections of one company, then `count` commands sent in a burst: how long
 * until every tab has been told of every change, by its id, or by a "many changed" message
 * at or past its position, or by a "resync" (which covers what was committed before it).
 */
async function burst(job: Extract<LoadJob, { kind: 'burst' }>, createStaff: () => Promise<{ id: string; position: number }>): Promise<LoadResult> {
  const answered: { id: string; position: number }[] = [];
  let finished = false;
  let resyncs = 0;
  let manyMessages = 0;
  let lastToldAt = 0;
  let untold = job.tabs;
  let release: () => void = () => undefined;
  const allTold = new Promise<void>((resolve) => (release = resolve));
  const checks: (() => void)[] = [];
  const tabAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const tabs = await Promise.all(
    Array.from({ length: job.tabs }, async () => {
      // Until the burst is answered a tab only records what it heard; then it works out what
      // it still misses, once, and crosses it off as messages come (no rescans per message).
      const seen = new Set<string>();
      let covered = 0;
      let missing: Map<string, number> | null = null;
      let done = false;
      const check = () => {
        if (done || !finished) return;
        if (!missing) missing = new Map(answered.filter((c) => c.position > covered && !seen.has(c.id)).map((c) => [c.id, c.position]));
        if (missing.size > 0) return;
        done = true;
        lastToldAt = performance.now();
        if (--untold === 0) release();
      };
      const cover = (position: number) => {
        covered = Math.max(covered, position);
        if (missing) for (const [id, p] of missing) if (p <= covered) missing.delete(id);
      };
      checks.push(check);
      return openSseTab(`${job.url}/api/live`, job.token, tabAgent, (m) => {
        if (m.kind === 'resync') {
          resyncs++;
          cover(Math.max(0, ...answered.map((c) => c.position)));
        } else if (m.kind === 'changed' && m.collection === 'staff') {
          if (m.many) {
            manyMessages++;
            cover(m.position);
          } else
            for (const id of m.ids ?? []) {
              seen.add(id);
              missing?.delete(id);
            }
        } else return;
        check();
      });
    }),
  );
  // Kept-alive sockets idle while the tabs opened may be closing on the server side now.
  agent.destroy();
  const started = performance.now();
  await runConcurrently(job.count, job.concurrency, async () => answered.push(await createStaff()));
  const appendSeconds = (performance.now() - started) / 1000;
  finished = true;
  for (const check of checks) check();
  if (job.tabs === 0) release();
  const timeout = setTimeout(release, 60_000);
  await allTold;
  clearTimeout(timeout);
  for (const tab of tabs) tab.close();
  if (untold > 0) throw new Error(`${untold} of ${job.tabs} tabs were not told of all ${job.count} changes within 60 s`);
  return { ok: true, kind: 'burst', appendSeconds, toldAllMs: job.tabs === 0 ? 0 : lastToldAt - started, resyncs, manyMessages };
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result),
    (err: unknown) => process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies LoadResult),
  );
});
