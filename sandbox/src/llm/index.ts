import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type Koa from 'koa';
import type { SandboxEnv, SandboxModule } from '../kit/module';
import { jsonApiMiddleware } from '../kit/json-api';
import { createRouteTable } from '../kit/routes';
import { parseReviewPrompt, SANDBOX_MODEL_HELP, writeReply } from './reply-writer';

/**
 * An OpenAI-compatible Chat Completions endpoint (`/openai/v1/chat/completions`, base URL
 * `<sandbox>/openai/v1` for the `openai` package; Azure's `/openai/deployments/{d}/chat/completions`
 * with an `api-key` header too). Its model writes deterministic review replies (reply-writer.ts)
 * and counts tokens with the o200k tokenizer. Admin hooks under `/openai/__sandbox` make the next
 * calls fail or hang (for retry and timeout tests), set latency and keys, and show recent requests.
 */

export interface LlmSandboxOptions {
  /** Accepted API keys; any non-empty key when empty. */
  apiKeys: string[];
  /** Delay before every answer. */
  latencyMs: number;
  /** How long a call armed with `timeout` hangs before it answers 504 (clients give up sooner). */
  hangMs: number;
  /** Models listed by GET /v1/models (any model name is accepted). */
  models: string[];
  /** Pause between the chunks of a streamed answer. */
  streamChunkMs: number;
}

export const defaultLlmOptions: LlmSandboxOptions = {
  apiKeys: [],
  latencyMs: 0,
  hangMs: 30_000,
  models: ['gpt-4o-mini', 'gpt-4o', 'locus-sandbox-reply'],
  streamChunkMs: 15,
};

/** Text cut after every `n` words (each piece keeps its following spaces), so the pieces join back to it. */
function wordGroups(text: string, n: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const groups: string[] = [];
  for (let i = 0; i < words.length; i += n) groups.push(words.slice(i, i + n).join(''));
  return groups.length ? groups : [''];
}

type FailMode = 'error' | 'timeout' | 'rate_limit';
interface FailRule {
  mode: FailMode;
  status: number;
  remaining: number;
}

export interface RecordedRequest {
  at: string;
  path: string;
  model: string;
  messages: { role: string; content: string }[];
  params: Record<string, unknown>;
  status: number;
  reply?: string;
}

export interface LlmModule extends SandboxModule {
  options: LlmSandboxOptions;
  requests: RecordedRequest[];
}

class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  toJSON() {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

const invalid = (param: string, message: string) => new OpenAiError(400, message, 'invalid_request_error', param, null);

type Tokenizer = { countTokens(text: string): number };
let tokenizer: Promise<Tokenizer> | undefined;
/** The o200k_base encoding (gpt-4o), loaded on the first call: the sandbox's start does not pay for it. */
const loadTokenizer = () => (tokenizer ??= import('gpt-tokenizer/encoding/o200k_base') as Promise<Tokenizer>);

/** A message's text: a string, or the text parts of a content array. */
function messageText(content: unknown, index: number): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (Array.isArray(content)) {
    return content
      .map((part, j) => {
        if (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string')
          return (part as { text: string }).text;
        if (part && typeof part === 'object' && typeof (part as { type?: unknown }).type === 'string') return '';
        throw invalid(`messages[${index}].content[${j}]`, `Invalid content part at messages[${index}].content[${j}].`);
      })
      .join('\n');
  }
  throw invalid(`messages[${index}].content`, `Invalid type for 'messages[${index}].content': expected a string or an array of content parts.`);
}

/**
 * With `response_format` json_object the reply comes as `{"reply": "..."}`; with json_schema, under the
 * schema's first string property (required ones first). Undefined for plain text.
 */
function jsonReplyKey(format: unknown): string | undefined {
  if (format === undefined || format === null) return undefined;
  const type = (format as { type?: unknown }).type;
  if (type === 'text') return undefined;
  if (type === 'json_object') return 'reply';
  if (type !== 'json_schema') throw invalid('response_format.type', "Invalid value for 'response_format.type': expected text, json_object or json_schema.");
  const schema = (format as { json_schema?: { schema?: { properties?: Record<string, { type?: unknown }>; required?: unknown } } }).json_schema?.schema;
  const props = Object.entries(schema?.properties ?? {})
    .filter(([, v]) => v?.type === 'string')
    .map(([k]) => k);
  const required = Array.isArray(schema?.required) ? (schema.required as unknown[]).filter((k): k is string => typeof k === 'string') : [];
  const key = required.find((k) => props.includes(k)) ?? props[0];
  if (!key) throw invalid('response_format.json_schema', 'The sandbox model fills one string property: the schema has none.');
  return key;
}

const ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];

function readRequest(body: unknown, deployment?: string) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('body', 'The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  const model = deployment ?? b.model;
  if (typeof model !== 'string' || !model.trim()) throw invalid('model', 'you must provide a model parameter');
  if (!Array.isArray(b.messages) || b.messages.length === 0) throw invalid('messages', "'messages' must be a non-empty array.");
  const messages = b.messages.map((m, i) => {
    if (!m || typeof m !== 'object') throw invalid(`messages[${i}]`, `Invalid value for 'messages[${i}]': expected an object.`);
    const role = (m as { role?: unknown }).role;
    if (typeof role !== 'string' || !ROLES.includes(role))
      throw invalid(`messages[${i}].role`, `Invalid value for 'messages[${i}].role': expected one of ${ROLES.join(', ')}.`);
    return { role, content: messageText((m as { content?: unknown }).content, i) };
  });
  const n = b.n === undefined || b.n === null ? 1 : Number(b.n);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw invalid('n', "Invalid value for 'n': expected an integer from 1 to 8.");
  const rawMax = b.max_completion_tokens ?? b.max_tokens;
  const maxTokens = rawMax === undefined || rawMax === null ? undefined : Number(rawMax);
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1))
    throw invalid(b.max_completion_tokens !== undefined ? 'max_completion_tokens' : 'max_tokens', 'Invalid value: expected a positive integer.');
  const temperature = b.temperature;
  if (temperature !== undefined && temperature !== null && (typeof temperature !== 'number' || temperature < 0 || temperature > 2))
    throw invalid('temperature', "Invalid value for 'temperature': expected a number from 0 to 2.");
  return {
    model: model.trim(),
    messages,
    n,
    maxTokens,
    jsonKey: jsonReplyKey(b.response_format),
    stream: b.stream === true,
    includeUsage: (b.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true,
    raw: b,
  };
}

export function createLlmModule(env: SandboxEnv): LlmModule {
  const options: LlmSandboxOptions = { ...defaultLlmOptions, ...((env.options.openai ?? {}) as Partial<LlmSandboxOptions>) };
  const failRules: FailRule[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<() => void>();
  const routes = createRouteTable();
  const record = (r: RecordedRequest) => {
    requests.unshift(r);
    requests.length = Math.min(requests.length, 100);
  };

  const authorize = (ctx: Koa.Context) => {
    const key = /^Bearer\s+(\S+)/i.exec(ctx.get('authorization'))?.[1] ?? (ctx.get('api-key') || undefined);
    if (!key)
      throw new OpenAiError(
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        'invalid_request_error',
        null,
        null,
      );
    if (options.apiKeys.length && !options.apiKeys.includes(key))
      throw new OpenAiError(401, `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}.`, 'invalid_request_error', null, 'invalid_api_key');
  };

  const hang = (ctx: Koa.Context) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        hanging.delete(done);
        resolve();
      };
      const timer = setTimeout(done, options.hangMs);
      ctx.req.once('close', done);
      hanging.add(done);
    });

  const completions = async (ctx: Koa.Context, deployment?: string) => {
    authorize(ctx);
    const req = readRequest(ctx.request.body, deployment);
    const base: RecordedRequest = {
      at: new Date().toISOString(),
      path: ctx.path,
      model: req.model,
      messages: req.messages,
      params: Object.fromEntries(Object.entries(req.raw).filter(([k]) => k !== 'messages')),
      status: 200,
    };
    if (options.latencyMs > 0) await new Promise((r) => setTimeout(r, options.latencyMs));
    const rule = failRules[0];
    if (rule) {
      if (--rule.remaining <= 0) failRules.shift();
      record({ ...base, status: rule.mode === 'timeout' ? 504 : rule.status });
      if (rule.mode === 'timeout') {
        await hang(ctx);
        throw new OpenAiError(504, 'The sandbox held this request to simulate a timeout.', 'timeout', null, 'timeout');
      }
      if (rule.mode === 'rate_limit')
        throw new OpenAiError(
          429,
          `Rate limit reached for ${req.model} on requests per min (RPM): Limit 3, Used 3, Requested 1.`,
          'requests',
          null,
          'rate_limit_exceeded',
          { 'retry-after': '1', 'x-ratelimit-remaining-requests': '0' },
        );
      throw new OpenAiError(rule.status, 'The server had an error while processing your request. Sorry about that!', 'server_error', null, null);
    }

    const { countTokens } = await loadTokenizer();
    const prompt = parseReviewPrompt(req.messages.filter((m) => m.role !== 'assistant').map((m) => m.content));
    // OpenAI's chat format: ~3 tokens around each message and 3 to prime the reply.
    const promptTokens = req.messages.reduce((s, m) => s + 3 + countTokens(m.content) + countTokens(m.role), 3);
    const choices = Array.from({ length: req.n }, (_, index) => {
      const text = prompt ? writeReply(prompt, index) : SANDBOX_MODEL_HELP;
      let content = req.jsonKey ? JSON.stringify({ [req.jsonKey]: text }) : text;
      let finish: 'stop' | 'length' = 'stop';
      if (req.maxTokens !== undefined && countTokens(content) > req.maxTokens) {
        const words = content.split(' ');
        while (words.length > 1 && countTokens(words.join(' ')) > req.maxTokens) words.pop();
        content = words.join(' ');
        finish = 'length';
      }
      return { index, content, finish, tokens: countTokens(content) };
    });
    const completionTokens = choices.reduce((s, c) => s + c.tokens, 0);
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    };
    const id = `chatcmpl-${createHash('sha256')
      .update(JSON.stringify([req.model, req.messages, req.n, req.maxTokens]))
      .digest('base64url')
      .slice(0, 29)}`;
    const created = Math.floor(Date.now() / 1000);
    record({ ...base, reply: choices[0]!.content });
    ctx.set('x-request-id', id);
    if (req.stream) {
      const chunk = (delta: Record<string, unknown>, index: number, finish: string | null, extra: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, system_fingerprint: 'fp_locus_sandbox', choices: [{ index, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
      // A few words a chunk, paced, as a model writes: a client shows the text as it comes.
      const events = choices.flatMap((c) => [
        chunk({ role: 'assistant', content: '' }, c.index, null),
        ...wordGroups(c.content, 3).map((piece) => chunk({ content: piece }, c.index, null)),
        chunk({}, c.index, c.finish),
      ]);
      if (req.includeUsage) events.push(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: req.model, choices: [], usage })}\n\n`);
      events.push('data: [DONE]\n\n');
      ctx.type = 'text/event-stream';
      ctx.set('Cache-Control', 'no-cache');
      const body = new PassThrough();
      ctx.body = body;
      void (async () => {
        for (const event of events) {
          if (body.destroyed) return;
          body.write(event);
          if (options.streamChunkMs > 0) await new Promise((r) => setTimeout(r, options.streamChunkMs));
        }
        body.end();
      })();
      return;
    }
    ctx.body = {
      id,
      object: 'chat.completion',
      created,
      model: req.model,
      system_fingerprint: 'fp_locus_sandbox',
      choices: choices.map((c) => ({
        index: c.index,
        message: { role: 'assistant', content: c.content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: c.finish,
      })),
      usage,
      service_tier: 'default',
    };
  };

  routes.add('POST', '/openai/v1/chat/completions', (ctx) => completions(ctx));
  routes.add('POST', '/openai/deployments/{deployment}/chat/completions', (ctx, p) => completions(ctx, p.deployment));
  routes.add('GET', '/openai/v1/models', (ctx) => {
    authorize(ctx);
    ctx.body = { object: 'list', data: options.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'locus-sandbox' })) };
  });

  const admin = '/openai/__sandbox';
  const adminBody = (ctx: Koa.Context) => {
    const b = ctx.request.body;
    if (b === undefined || b === '') return {} as Record<string, unknown>;
    if (b === null || typeof b !== 'object' || Array.isArray(b)) throw invalid('body', 'The request body must be a JSON object.');
    return b as Record<string, unknown>;
  };
  const summary = (ctx: Koa.Context) => {
    ctx.body = { options, armedFailures: failRules, requestCount: requests.length, baseUrl: `${env.url()}/openai/v1` };
  };
  routes.add('GET', admin, summary);
  routes.add('GET', '/openai', summary);
  routes.add('POST', `${admin}/fail`, (ctx) => {
    const b = adminBody(ctx);
    const mode = (b.mode ?? 'error') as FailMode;
    if (!['error', 'timeout', 'rate_limit'].includes(mode)) throw invalid('mode', 'mode must be error, timeout or rate_limit');
    const status = mode === 'rate_limit' ? 429 : mode === 'timeout' ? 504 : Number(b.status ?? 500);
    if (![500, 502, 503].includes(status) && mode === 'error') throw invalid('status', 'status must be 500, 502 or 503');
    const count = b.count === undefined ? 1 : Number(b.count);
    if (!Number.isInteger(count) || count < 1 || count > 100) throw invalid('count', 'count must be an integer from 1 to 100');
    failRules.push({ mode, status, remaining: count });
    ctx.body = { armed: failRules };
  });
  routes.add('PATCH', `${admin}/options`, (ctx) => {
    const b = adminBody(ctx);
    for (const key of ['latencyMs', 'hangMs', 'streamChunkMs'] as const) {
      if (b[key] === undefined) continue;
      const v = Number(b[key]);
      if (!Number.isFinite(v) || v < 0 || v > 600_000) throw invalid(key, `${key} must be a number of milliseconds from 0 to 600000`);
      options[key] = v;
    }
    if (b.apiKeys !== undefined) {
      if (!Array.isArray(b.apiKeys) || !b.apiKeys.every((k) => typeof k === 'string' && k))
        throw invalid('apiKeys', 'apiKeys must be a list of non-empty strings');
      options.apiKeys = b.apiKeys as string[];
    }
    ctx.body = options;
  });
  routes.add('GET', `${admin}/requests`, (ctx) => {
    ctx.body = { requests };
  });
  routes.add('POST', `${admin}/reset`, (ctx) => {
    failRules.length = 0;
    requests.length = 0;
    Object.assign(options, defaultLlmOptions, (env.options.openai ?? {}) as Partial<LlmSandboxOptions>);
    for (const release of [...hanging]) release();
    ctx.body = { reset: true };
  });

  const answer = (e: OpenAiError) => ({ status: e.status, body: e.toJSON(), headers: e.headers });
  const middleware = jsonApiMiddleware({
    prefix: '/openai',
    routes,
    noRoute: (method, path, pathMatched) =>
      answer(
        new OpenAiError(pathMatched ? 405 : 404, pathMatched ? `Method ${method} not allowed.` : `Invalid URL (${method} ${path})`, 'invalid_request_error'),
      ),
    known: (err) => (err instanceof OpenAiError ? answer(err) : undefined),
    badBody: (status, message) => answer(new OpenAiError(status, `We could not parse the JSON body of your request. (${message})`, 'invalid_request_error')),
    internal: answer(new OpenAiError(500, 'The server had an error while processing your request.', 'server_error')),
    log: env.log,
  });

  return {
    name: 'openai',
    prefix: '/openai',
    middleware,
    options,
    requests,
    summary: () => `OpenAI-compatible Chat Completions (base URL ${env.url()}/openai/v1): deterministic review replies`,
    async close() {
      for (const release of [...hanging]) release();
    },
  };
}
