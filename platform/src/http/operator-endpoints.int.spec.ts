import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createHttpApp } from './http-app';
import { createLogger, wantsPrettyLogs } from './logging';
import { listen, memoryLogger } from './testing';

async function startApp(level: string, metricsStatus?: Parameters<typeof createHttpApp>[0]['metricsStatus']) {
  const log = memoryLogger(level);
  const { app } = createHttpApp({
    logger: log.logger,
    readiness: {},
    metricsStatus,
    mount: (router) => {
      router.get('/api/thing', async (ctx) => {
        ctx.body = { ok: true };
      });
    },
  });
  return { ...(await listen(app)), log };
}

describe('logs for operators', () => {
  it('are human-readable on a terminal and JSON otherwise; LOG_FORMAT decides when set', () => {
    expect(wantsPrettyLogs({ isTTY: true }, {})).toBe(true);
    expect(wantsPrettyLogs({ isTTY: false }, {})).toBe(false);
    expect(wantsPrettyLogs({}, {})).toBe(false);
    expect(wantsPrettyLogs({ isTTY: true }, { LOG_FORMAT: 'json' })).toBe(false);
    expect(wantsPrettyLogs({ isTTY: false }, { LOG_FORMAT: 'pretty' })).toBe(true);

    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const pretty = createLogger({ name: 'locus', pretty: true, destination: sink });
    pretty.info({ port: 8080 }, 'listening');
    const line = chunks.join('');
    expect(line).toMatch(/INFO.*\(locus\).*listening/);
    expect(line).toContain('port: 8080');
    expect(() => JSON.parse(line)).toThrow();
  });

  it('logs /health and /ready polls at debug, other requests at info', async () => {
    const info = await startApp('info');
    try {
      for (const path of ['/health', '/ready', '/api/thing']) expect((await fetch(`${info.baseUrl}${path}`)).status).toBe(200);
      expect(info.log.lines().map((l) => l.url)).toEqual(['/api/thing']);
    } finally {
      await info.close();
    }
    const debug = await startApp('debug');
    try {
      await fetch(`${debug.baseUrl}/health`);
      expect(debug.log.lines()).toContainEqual(expect.objectContaining({ url: '/health', level: 20, msg: 'request' }));
    } finally {
      await debug.close();
    }
  });
});

describe('GET /metrics', () => {
  it('exposes request latency by route, projection lag and reactor parked counts for Prometheus', async () => {
    const api = await startApp('warn', {
      status: async () => ({
        projections: [{ name: 'companies', lag: 7 }],
        reactors: [{ name: 'mail', lag: 2, parked: 3 }],
      }),
    });
    try {
      await fetch(`${api.baseUrl}/api/thing`);
      await fetch(`${api.baseUrl}/api/nothing-here`);
      const res = await fetch(`${api.baseUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toMatch(/^locus_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} 1$/m);
      expect(text).toMatch(/^locus_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="other",status="200"\} 1$/m);
      expect(text).toMatch(/^locus_projection_lag_events\{projection="companies"\} 7$/m);
      expect(text).toMatch(/^locus_reactor_lag_events\{reactor="mail"\} 2$/m);
      expect(text).toMatch(/^locus_reactor_parked_events\{reactor="mail"\} 3$/m);
      expect(text).toMatch(/^locus_process_resident_memory_bytes \d+/m);
    } finally {
      await api.close();
    }
  });
});
