import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_AI_REPLY_SETTINGS } from '@locus/contracts';
import { createHttpApp, createLogger, loadConfig } from '@locus/platform';
import { createPorts, type Ports } from '@locus/platform/config/ports';
import { startMetricsPort } from '@locus/platform/config/serve';
import { metricsOf } from '@locus/platform/http/http-app';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { createGoogleHttp } from '@locus/command-api/google/http';
import { createLocationWriteQueue } from '@locus/command-api/google/write-queue';
import { draftReviewReply } from '@locus/command-api/reviews-ai/llm/llm-client';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { freePort } from './free-port';

/**
 * /metrics covers what the process does beyond its routes (Google, the LLM, mail, appends,
 * parked events) and answers only with the token, or only on its own port.
 */
const logger = createLogger({ name: 'metrics-test', level: 'silent' });
let dataDir: string;
let sandbox: RunningSandbox;
let ports: Ports;
const servers: Server[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'locus-metrics-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: path.join(dataDir, 'sandbox'), log: () => undefined });
  ports = await createPorts(loadConfig({ LOCUS_DATA_DIR: dataDir }), { logger, purpose: 'metrics-test' });
});
afterAll(async () => {
  for (const server of servers) server.close();
  await ports?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function listen(app: { callback(): RequestListener }): Promise<string> {
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const parked = { status: async () => ({ reactors: [{ name: 'reviews-ai', lag: 0, parked: 2 }] }) };

describe('GET /metrics', () => {
  it('counts Google calls by API, method and status, quota waits, LLM calls and tokens, mails, appends and parked events', async () => {
    // Google: one 429 with Retry-After, then a success, through the real client.
    const answers = [
      new Response(JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'Quota exceeded' } }), {
        status: 429,
        headers: { 'retry-after': '1' },
      }),
      new Response(JSON.stringify({ name: 'locations/1' }), { status: 200 }),
    ];
    const google = createGoogleHttp({
      config: { tokenUrl: 'https://oauth2.googleapis.com/token', clientId: 'c', clientSecret: 's' } as Parameters<typeof createGoogleHttp>[0]['config'],
      tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 3_600_000 },
      fetch: async () => answers.shift()!,
      sleep: async () => undefined,
    });
    const queue = createLocationWriteQueue();
    await queue.run('locations/1', () =>
      google.request({
        method: 'PATCH',
        url: 'https://mybusinessbusinessinformation.googleapis.com/v1/locations/1',
        body: { title: 'x' },
        subject: 'the location',
        operation: 'locations.patch',
        idempotent: true,
      }),
    );
    // The LLM: the sandbox's Chat Completions endpoint, through the real client.
    await draftReviewReply(
      { baseUrl: `${sandbox.url}/openai/v1`, model: 'gpt-4o-mini', apiKey: 'sk-test', timeoutMs: 10_000, maxRetries: 0 },
      {
        reviewerName: 'Ann Lee',
        businessName: 'Corner Bakery',
        starRating: 5,
        comment: 'Lovely bread',
        settings: DEFAULT_AI_REPLY_SETTINGS,
        brand: null,
      },
    );
    // Mail: one into the sandbox mailbox, one to a port where nothing listens.
    const mailer = createSmtpMailer({ host: '127.0.0.1', port: sandbox.smtpPort, from: 'Locus <no-reply@locus.test>', secure: false });
    await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi' });
    mailer.close();
    const deadMailer = createSmtpMailer(
      { host: '127.0.0.1', port: await freePort(), from: 'Locus <no-reply@locus.test>', secure: false },
      { timeoutMs: 2_000 },
    );
    await expect(deadMailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow();
    deadMailer.close();
    // An append through the ports (the SQLite store).
    await ports.eventStore.append('metrics-test-1', [
      {
        id: '3b0c1c5e-0000-4000-8000-000000000001',
        type: 'MetricsTested',
        data: {},
        metadata: { companyId: null, actor: { userId: 'u', role: 'System' }, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() },
      },
    ]);

    const { app } = createHttpApp({ logger, readiness: {}, metricsStatus: parked, mount: () => {} });
    const text = await (await fetch(`${await listen(app)}/metrics`)).text();
    const value = (series: string) => Number(new RegExp(`^${series.replace(/[{}"().+]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    expect(
      value('locus_google_request_duration_seconds_count{api="mybusinessbusinessinformation",method="locations.patch",status="429"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value('locus_google_request_duration_seconds_count{api="mybusinessbusinessinformation",method="locations.patch",status="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(value('locus_google_quota_wait_seconds_count{api="mybusinessbusinessinformation",reason="rate_limited"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_google_quota_wait_seconds_sum{api="mybusinessbusinessinformation",reason="rate_limited"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_google_quota_wait_seconds_count{api="any",reason="queue"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_llm_request_duration_seconds_count{model="gpt-4o-mini",status="ok"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_llm_tokens_total{model="gpt-4o-mini",kind="prompt"}')).toBeGreaterThan(0);
    expect(value('locus_llm_tokens_total{model="gpt-4o-mini",kind="completion"}')).toBeGreaterThan(0);
    expect(value('locus_mail_sends_total{outcome="sent"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_mail_sends_total{outcome="failed"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_event_store_append_duration_seconds_count{store="sqlite",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(value('locus_reactor_parked_events{reactor="reviews-ai"}')).toBe(2);
  }, 60_000);

  it('asks for the bearer token when LOCUS_METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789';
    const { app } = createHttpApp({ logger, readiness: {}, metricsAccess: { token }, mount: () => {} });
    const base = await listen(app);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-wrong-56789' } })).status).toBe(401);
    const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('locus_http_request_duration_seconds');
  });

  it('moves to its own port with LOCUS_METRICS_PORT, and the app port no longer serves it', async () => {
    const port = await freePort();
    const { app } = createHttpApp({ logger, readiness: {}, metricsAccess: { port, token: 'metrics-token-0123456789' }, mount: () => {} });
    const base = await listen(app);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect(metricsOf(app)?.access.port).toBe(port);
    const server = (await startMetricsPort(app, '127.0.0.1'))!;
    servers.push(server);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    const ok = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('locus_process_cpu_seconds_total');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
  });
});
