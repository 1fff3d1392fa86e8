/**
 * The bench's load generator, run as a child process (forked by run-bench.ts) so that the
 * requests it makes, and the parsing of the answers, do not compete with the server for the
 * server's event loop: the figures then measure Locus, not the client.
 *
 * Protocol (IPC): the parent sends one `LoadJob`, the child answers with one `LoadResult`.
 */
import http from 'node:http';
import { percentile, runConcurrently } from './measure';
import { openSse } from './sse-client';

export type LoadJob =
  | { kind: 'appends'; url: string; token: string; companyId: string; count: number; concurrency: number; label: string }
  | { kind: 'sse'; url: string; token: string; companyId: string; samples: number; label: string };

export type LoadResult =
  | { ok: true; kind: 'appends'; seconds: number; clientCpuMs: number }
  | { ok: true; kind: 'sse'; p50: number; p95: number; max: number }
  | { ok: false; error: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POST a JSON body over a keep-alive connection; resolves with status and body text. */
function postJson(url: URL, token: string, body: string): Promise<{ status: number; text: string }> {
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
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
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
  return async (): Promise<string> => {
    n += 1;
    const tag = `${job.label}${n}`;
    const body = JSON.stringify({ FirstName: `Bench${tag}`, LastName: 'Staff', Email: `bench${tag}@example.com`, PhoneNumber: '(512) 555-0100' });
    const res = await postJson(target, job.token, body);
    if (res.status !== 200) throw new Error(`staff create answered ${res.status}: ${res.text}`);
    return (JSON.parse(res.text) as { Data: { Id: string } }).Data.Id;
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
  // One command at a time: from sending it to its "changed" message at a connected SSE client.
  const sse = await openSse(`${job.url}/api/live`, job.token);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < job.samples; i++) {
      const sent = performance.now();
      const arrived = sse.waitFor((msg) => msg.kind === 'changed' && msg.collection === 'staff');
      const id = await createStaff();
      const msg = await arrived;
      if (msg.id !== id) throw new Error(`SSE message for ${msg.id}, expected ${id}`);
      latencies.push(sse.lastArrival - sent);
    }
    return { ok: true, kind: 'sse', p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) };
  } finally {
    sse.close();
  }
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result),
    (err: unknown) => process.send!({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies LoadResult),
  );
});
