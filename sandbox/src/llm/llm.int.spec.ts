import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import OpenAI, { APIConnectionTimeoutError, AuthenticationError, BadRequestError, InternalServerError, RateLimitError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';

let sandbox: RunningSandbox;
let dataDir: string;
let client: OpenAI;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-llm-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, log: () => {} });
  client = new OpenAI({ baseURL: `${sandbox.url}/openai/v1`, apiKey: 'sk-test-key', maxRetries: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fetch(`${sandbox.url}/openai/__sandbox/reset`, { method: 'POST' });
});

const admin = (p: string, method: string, body?: unknown) =>
  fetch(`${sandbox.url}/openai/__sandbox${p}`, { method, headers: { 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });

interface Settings {
  tone?: string;
  verbosity?: string;
  style?: string;
  friendliness?: string;
  apology?: boolean;
}

/** A review-reply prompt in the "Key: value" form the sandbox model reads. */
function prompt(review: { reviewer: string; business: string; rating: number; text?: string }, s: Settings) {
  return [
    { role: 'system' as const, content: 'You reply to Google reviews on behalf of a business.' },
    {
      role: 'user' as const,
      content: [
        `Business: ${review.business}`,
        `Reviewer: ${review.reviewer}`,
        `Rating: ${review.rating}`,
        `Review: ${review.text ?? ''}`,
        `Tone: ${s.tone ?? ''}`,
        `Verbosity: ${s.verbosity ?? ''}`,
        `Style: ${s.style ?? ''}`,
        `Friendliness: ${s.friendliness ?? ''}`,
        `Apology: ${s.apology ?? false}`,
      ].join('\n'),
    },
  ];
}

async function reply(review: Parameters<typeof prompt>[0], s: Settings) {
  const res = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: prompt(review, s) });
  return { res, text: res.choices[0]!.message.content! };
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/).filter(Boolean);
const jane = { reviewer: 'Jane Doe', business: 'Northwind Auto Care', rating: 5, text: 'Quick oil change, friendly staff.' };
const angry = { reviewer: 'Mark T.', business: 'Northwind Auto Care', rating: 1, text: 'They lost my keys.' };

describe('OpenAI-compatible Chat Completions (sandbox)', () => {
  it('answers the openai client in its shape, names the reviewer and the business, and counts tokens', async () => {
    const { res, text } = await reply(jane, {});
    expect(res.object).toBe('chat.completion');
    expect(res.id).toMatch(/^chatcmpl-/);
    expect(res.model).toBe('gpt-4o-mini');
    expect(res.choices[0]).toMatchObject({ index: 0, finish_reason: 'stop', message: { role: 'assistant' } });
    expect(text).toContain('Jane');
    expect(text).not.toContain('Doe');
    expect(text).toContain('Northwind Auto Care');
    expect(res.usage!.prompt_tokens).toBeGreaterThan(50);
    expect(res.usage!.completion_tokens).toBeGreaterThan(10);
    expect(res.usage!.total_tokens).toBe(res.usage!.prompt_tokens + res.usage!.completion_tokens);
    const again = await reply(jane, {});
    expect(again.text).toBe(text);
    expect(again.res.usage).toEqual(res.usage);
    const anonymous = await reply({ ...jane, reviewer: 'A Google User' }, { style: 'High' });
    expect(anonymous.text.startsWith('Dear valued customer,')).toBe(true);
  });

  it('writes 2, 4 or 6+ sentences for Concise, Standard and Detailed, by value or label; unknown verbosity is step 0', async () => {
    expect(sentences((await reply(jane, { verbosity: 'Concise' })).text)).toHaveLength(2);
    expect(sentences((await reply(jane, { verbosity: 'Standard' })).text)).toHaveLength(4);
    expect(sentences((await reply(angry, { verbosity: '4 sentences', apology: true })).text)).toHaveLength(4);
    expect(sentences((await reply(jane, { verbosity: 'Detailed' })).text).length).toBeGreaterThanOrEqual(6);
    expect(sentences((await reply(angry, { verbosity: '6 or more', apology: true })).text).length).toBeGreaterThanOrEqual(6);
    expect(sentences((await reply(jane, { verbosity: 'Verbose!' })).text)).toHaveLength(2);
  });

  it('apologises only when Apology is on', async () => {
    for (const r of [jane, angry]) {
      expect((await reply(r, { apology: true, verbosity: 'Standard' })).text).toMatch(/sorry|apologi[sz]e/i);
      expect((await reply(r, { apology: false, verbosity: 'Detailed' })).text).not.toMatch(/sorry|apologi[sz]e/i);
    }
  });

  it('follows tone, style and friendliness', async () => {
    const formal = (await reply(jane, { style: 'Highly Professional' })).text;
    const casual = (await reply(jane, { style: 'Casual' })).text;
    expect(formal.startsWith('Dear Jane,')).toBe(true);
    expect(casual.startsWith('Hi Jane,')).toBe(true);
    expect((await reply(jane, { style: 'Moderate' })).text.startsWith('Hello Jane,')).toBe(true);

    expect((await reply(jane, { tone: 'Grateful' })).text).toMatch(/grateful|appreciate/i);
    expect((await reply(jane, { tone: 'Positive and enthusiastic' })).text).toContain('!');
    const neutral = (await reply(jane, { tone: 'Neutral', friendliness: 'Straight Forward' })).text;
    expect(neutral).not.toContain('!');

    const warm = (await reply(jane, { friendliness: 'Very Friendly', tone: 'Neutral' })).text;
    expect(warm).toMatch(/love|welcome/i);
    expect((await reply(jane, { friendliness: 'High', tone: 'Neutral' })).text).toBe(warm);
    expect((await reply(jane, { friendliness: 'nonsense', tone: 'Neutral' })).text).toBe(neutral);
    // A bad review gets a different body from a good one.
    const bad = (await reply(angry, { verbosity: 'Standard' })).text;
    expect(bad).not.toMatch(/delighted|glad|kind words|wonderful/i);
    expect(bad).toContain('serve you better');
  });

  it('follows the brand: the sign-off on its own line, and never a word to avoid', async () => {
    const messages = prompt(jane, { verbosity: 'Detailed', style: 'Moderate', tone: 'Positive' });
    const plain = (await client.chat.completions.create({ model: 'm', messages })).choices[0]!.message.content!;
    expect(plain).toMatch(/\bteam\b/i);
    expect(plain).toMatch(/\bthank\b/i);
    messages[1]!.content += '\nSign-off: Maria Lopez, Service Manager\nWords to avoid: team, thank';
    const branded = (await client.chat.completions.create({ model: 'm', messages })).choices[0]!.message.content!;
    const [text, signOff, ...rest] = branded.split('\n');
    expect(signOff).toBe('Maria Lopez, Service Manager');
    expect(rest).toEqual([]);
    expect(text).not.toMatch(/\bteam\b|\bthank\b/i);
    expect(sentences(text!).length).toBe(sentences(plain).length);
    expect(text).toContain('Jane');
  });

  it('reads the same fields from a JSON message, and n gives distinct deterministic choices', async () => {
    const res = await client.chat.completions.create({
      model: 'gpt-4o',
      n: 2,
      messages: [
        {
          role: 'user',
          content: JSON.stringify({
            reviewerName: 'Priya Patel',
            businessName: 'Evergreen Health Clinic',
            starRating: 'FIVE',
            comment: 'Great doctor',
            tone: 'Grateful',
            verbosity: 'Standard',
            style: 'Moderate',
            friendliness: 'Moderate',
            apology: false,
          }),
        },
      ],
    });
    expect(res.choices).toHaveLength(2);
    for (const c of res.choices) {
      expect(c.message.content).toContain('Priya');
      expect(c.message.content).toContain('Evergreen Health Clinic');
      expect(sentences(c.message.content!)).toHaveLength(4);
    }
    expect(res.choices[0]!.message.content).not.toBe(res.choices[1]!.message.content);
  });

  it('answers in JSON when response_format asks for it', async () => {
    const plain = (await reply(jane, {})).text;
    const obj = await client.chat.completions.create({ model: 'm', response_format: { type: 'json_object' }, messages: prompt(jane, {}) });
    expect(JSON.parse(obj.choices[0]!.message.content!)).toEqual({ reply: plain });
    const schema = await client.chat.completions.create({
      model: 'm',
      messages: prompt(jane, {}),
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'draft',
          strict: true,
          schema: { type: 'object', properties: { confidence: { type: 'number' }, replyText: { type: 'string' } }, required: ['replyText', 'confidence'] },
        },
      },
    });
    expect(JSON.parse(schema.choices[0]!.message.content!)).toEqual({ replyText: plain });
    await expect(client.chat.completions.create({ model: 'm', messages: prompt(jane, {}), response_format: { type: 'yaml' } as never })).rejects.toMatchObject({
      status: 400,
      param: 'response_format.type',
    });
  });

  it('cuts a reply at max_completion_tokens with finish_reason length, and streams when asked', async () => {
    const cut = await client.chat.completions.create({ model: 'gpt-4o-mini', max_completion_tokens: 8, messages: prompt(jane, { verbosity: 'Detailed' }) });
    expect(cut.choices[0]!.finish_reason).toBe('length');
    expect(cut.usage!.completion_tokens).toBeLessThanOrEqual(8);
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      messages: prompt(jane, {}),
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      usage ??= chunk.usage ?? undefined;
    }
    expect(text).toBe((await reply(jane, {})).text);
    expect(usage!.completion_tokens).toBeGreaterThan(0);
  });

  it('refuses bad requests with the field named, and missing or wrong keys with 401', async () => {
    await expect(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [] })).rejects.toMatchObject({ status: 400, param: 'messages' });
    await expect(client.chat.completions.create({ model: '', messages: prompt(jane, {}) })).rejects.toBeInstanceOf(BadRequestError);
    await expect(client.chat.completions.create({ model: 'm', temperature: 5, messages: prompt(jane, {}) })).rejects.toMatchObject({
      status: 400,
      param: 'temperature',
    });
    const noKey = await fetch(`${sandbox.url}/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: prompt(jane, {}) }),
    });
    expect(noKey.status).toBe(401);
    await admin('/options', 'PATCH', { apiKeys: ['sk-right'] });
    await expect(client.chat.completions.create({ model: 'm', messages: prompt(jane, {}) })).rejects.toBeInstanceOf(AuthenticationError);
    const right = new OpenAI({ baseURL: `${sandbox.url}/openai/v1`, apiKey: 'sk-right', maxRetries: 0 });
    expect((await right.models.list()).data.map((m) => m.id)).toContain('gpt-4o-mini');
  });

  it('fails or times out on demand, so a retrying client recovers', async () => {
    await admin('/fail', 'POST', { mode: 'error', status: 503 });
    await expect(client.chat.completions.create({ model: 'm', messages: prompt(jane, {}) })).rejects.toBeInstanceOf(InternalServerError);
    expect((await reply(jane, {})).text).toContain('Jane');

    await admin('/fail', 'POST', { mode: 'rate_limit' });
    await expect(client.chat.completions.create({ model: 'm', messages: prompt(jane, {}) })).rejects.toBeInstanceOf(RateLimitError);

    await admin('/fail', 'POST', { mode: 'timeout' });
    const impatient = new OpenAI({ baseURL: `${sandbox.url}/openai/v1`, apiKey: 'k', maxRetries: 0, timeout: 300 });
    await expect(impatient.chat.completions.create({ model: 'm', messages: prompt(jane, {}) })).rejects.toBeInstanceOf(APIConnectionTimeoutError);

    await admin('/fail', 'POST', { mode: 'error', status: 500, count: 2 });
    const retrying = new OpenAI({ baseURL: `${sandbox.url}/openai/v1`, apiKey: 'k', maxRetries: 2 });
    const ok = await retrying.chat.completions.create({ model: 'm', messages: prompt(jane, {}) });
    expect(ok.choices[0]!.message.content).toContain('Northwind Auto Care');

    const log = (await (await admin('/requests', 'GET')).json()) as { requests: { status: number; messages: { content: string }[] }[] };
    expect(log.requests.slice(0, 3).map((r) => r.status)).toEqual([200, 500, 500]);
    expect(log.requests[0]!.messages[1]!.content).toContain('Reviewer: Jane Doe');
    expect((await admin('/fail', 'POST', { mode: 'explode' })).status).toBe(400);
    expect(((await (await fetch(`${sandbox.url}/openai`)).json()) as { baseUrl: string }).baseUrl).toBe(`${sandbox.url}/openai/v1`);
  });

  it('serves the Azure OpenAI path with an api-key header', async () => {
    const res = await fetch(`${sandbox.url}/openai/deployments/reply-writer/chat/completions?api-version=2024-10-21`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': 'azure-key' },
      body: JSON.stringify({ messages: prompt(jane, {}) }),
    });
    const json = (await res.json()) as OpenAI.ChatCompletion;
    expect(json.model).toBe('reply-writer');
    expect(json.choices[0]!.message.content).toContain('Jane');
  });
});
