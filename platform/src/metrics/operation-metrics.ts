import { Counter, Histogram, Registry } from 'prom-client';

/**
 * What the process did outside its HTTP routes, for `GET /metrics`: calls to Google and the LLM,
 * mail, event-store appends. One registry per process (the callers are deep in features and
 * adapters, far from the app that serves /metrics); every app's /metrics includes it.
 */
export const operationsRegistry = new Registry();

const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const googleCalls = new Histogram({
  name: 'locus_google_request_duration_seconds',
  help: 'Google API calls (each attempt) by API, method (the API method, e.g. locations.patch) and HTTP status (network when none came)',
  labelNames: ['api', 'method', 'status'] as const,
  buckets: latencyBuckets,
  registers: [operationsRegistry],
});
const googleQuotaWaits = new Histogram({
  name: 'locus_google_quota_wait_seconds',
  help: "Time spent waiting for Google's quota: queue (a write waiting for the per-minute tokens), rate_limited (backing off after a 429), unavailable (backing off after a 5xx or network error)",
  labelNames: ['api', 'reason'] as const,
  buckets: [0, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [operationsRegistry],
});
const llmCalls = new Histogram({
  name: 'locus_llm_request_duration_seconds',
  help: 'LLM chat completions by model and outcome (ok, or the failure code: timeout, refused, unavailable, empty)',
  labelNames: ['model', 'status'] as const,
  buckets: latencyBuckets,
  registers: [operationsRegistry],
});
const llmTokens = new Counter({
  name: 'locus_llm_tokens_total',
  help: 'Tokens the LLM counted, by model and kind (prompt, completion)',
  labelNames: ['model', 'kind'] as const,
  registers: [operationsRegistry],
});
const mails = new Counter({
  name: 'locus_mail_sends_total',
  help: 'Mails handed to the SMTP server, by outcome (sent, failed)',
  labelNames: ['outcome'] as const,
  registers: [operationsRegistry],
});
// Both outcomes exist from the start, so a rate of failures is 0 rather than absent.
mails.inc({ outcome: 'sent' }, 0);
mails.inc({ outcome: 'failed' }, 0);
const appends = new Histogram({
  name: 'locus_event_store_append_duration_seconds',
  help: 'Event-store appends by store (sqlite, eventstoredb) and outcome (ok, conflict, error)',
  labelNames: ['store', 'outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [operationsRegistry],
});

/**
 * The Google API a URL belongs to: the first label of a googleapis.com host
 * (mybusinessbusinessinformation), or the path segment after `/google/` (the sandbox).
 */
export function googleApiOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.hostname.endsWith('.googleapis.com')) return parsed.hostname.split('.')[0]!;
    const segments = parsed.pathname.split('/').filter(Boolean);
    const at = segments.indexOf('google');
    if (at >= 0 && segments[at + 1]) return segments[at + 1] === 'upload' ? 'upload' : segments[at + 1]!;
  } catch {
    // An unparsable URL fails the call itself; the label only needs to be bounded.
  }
  return 'other';
}

const seconds = (ms: number) => Math.max(0, ms) / 1000;

export const operationMetrics = {
  googleCall(call: { url: string; method: string; status: number | 'network'; ms: number }): void {
    googleCalls.observe({ api: googleApiOf(call.url), method: call.method, status: String(call.status) }, seconds(call.ms));
  },
  googleQuotaWait(wait: { url?: string; reason: 'queue' | 'rate_limited' | 'unavailable'; ms: number }): void {
    googleQuotaWaits.observe({ api: wait.url ? googleApiOf(wait.url) : 'any', reason: wait.reason }, seconds(wait.ms));
  },
  llmCall(call: { model: string; status: string; ms: number; promptTokens?: number; completionTokens?: number }): void {
    llmCalls.observe({ model: call.model, status: call.status }, seconds(call.ms));
    if (call.promptTokens) llmTokens.inc({ model: call.model, kind: 'prompt' }, call.promptTokens);
    if (call.completionTokens) llmTokens.inc({ model: call.model, kind: 'completion' }, call.completionTokens);
  },
  mail(outcome: 'sent' | 'failed'): void {
    mails.inc({ outcome });
  },
  append(store: string, outcome: 'ok' | 'conflict' | 'error', ms: number): void {
    appends.observe({ store, outcome }, seconds(ms));
  },
};
