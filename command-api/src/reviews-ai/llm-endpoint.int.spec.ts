import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_VARIABLES_COLLECTION } from '@locus/contracts';
import { startReviewsAiStack } from './testing/stack';

type Stack = Awaited<ReturnType<typeof startReviewsAiStack>>;

const PLATFORM_KEY = 'platform-secret-key-0123456789';
const settings = {
  AutomateGoogleReviewsEnabled: false,
  ReviewsOverwrite: false,
  Apology: true,
  Tone: 'Grateful',
  Verbosity: 'Concise',
  Style: 'Moderate',
  Friendliness: 'High',
};

/** An internal service on 127.0.0.1 that answers like an LLM, with words that must not leak. */
async function internalListener() {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'internal',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'INTERNAL-ANSWER. Thank you.' } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { seen, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function companyWithVariables(t: Stack, name: string, variables: Record<string, string>) {
  const company = await t.seedCompany(name);
  const now = new Date().toISOString();
  await t.stack.readModels.collection(COMPANY_VARIABLES_COLLECTION).bulkWrite(
    Object.entries(variables).map(([variableName, value]) => ({
      insertOne: {
        document: {
          _id: `${company.companyId}:${variableName}`,
          companyId: company.companyId,
          variableName,
          title: variableName,
          description: null,
          entityType: null,
          isBooleanType: false,
          isEncrypted: false,
          isSystemGenerated: false,
          value,
          createdAt: now,
          updatedAt: now,
        },
      },
    })),
  );
  const reviewId = await t.receiveReview(company.companyId, { starRating: 5 });
  await t.stack.waitForProjections();
  const sample = () => t.stack.call('POST', '/api/companyMetaData/reviews-ai', { token: company.adminToken, body: { ...settings, RandomReviewId: reviewId } });
  return { company, sample };
}

describe("a company's own LLM endpoint", () => {
  let listener: Awaited<ReturnType<typeof internalListener>>;
  beforeAll(async () => {
    listener = await internalListener();
  });
  afterAll(async () => listener?.close());

  describe('with private addresses refused (production)', () => {
    let t: Stack;
    beforeAll(async () => {
      t = await startReviewsAiStack({ LOCUS_ALLOW_PRIVATE_URLS: 'false', LOCUS_LLM_API_KEY: PLATFORM_KEY });
    }, 60_000);
    afterAll(async () => t?.stack.close());

    it.each([
      ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/v1`],
      ['localhost', (port: number) => `http://localhost:${port}/v1`],
      ['an IPv4-mapped IPv6 loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/v1`],
    ])('sends nothing to a listener on %s and echoes none of it', async (label, urlOf) => {
      const { sample } = await companyWithVariables(t, `Probe ${label}`, { LlmBaseUrl: urlOf(listener.port), LlmApiKey: 'company-key' });
      const before = listener.seen.length;
      const res = await sample();
      expect(res.status).toBe(503);
      const text = JSON.stringify(res.body);
      expect(text).toContain('private, loopback or link-local');
      expect(text).not.toContain('INTERNAL-ANSWER');
      expect(text).not.toContain(String(listener.port));
      expect(listener.seen.length).toBe(before);
    });
  });

  describe('with private addresses allowed (sandbox)', () => {
    let t: Stack;
    beforeAll(async () => {
      t = await startReviewsAiStack({ LOCUS_ALLOW_PRIVATE_URLS: 'true', LOCUS_LLM_API_KEY: PLATFORM_KEY });
    }, 60_000);
    afterAll(async () => t?.stack.close());

    it("never sends the platform's key to the company's URL: without its own key nothing is sent", async () => {
      const { sample } = await companyWithVariables(t, 'No Key Co.', { LlmBaseUrl: `http://127.0.0.1:${listener.port}/v1` });
      const before = listener.seen.length;
      const res = await sample();
      expect(res.status).toBe(503);
      expect(JSON.stringify(res.body)).toContain('LlmApiKey');
      expect(listener.seen.length).toBe(before);
    });

    it("sends the company's own key to the company's URL", async () => {
      const { sample } = await companyWithVariables(t, 'Own Key Co.', { LlmBaseUrl: `http://127.0.0.1:${listener.port}/v1`, LlmApiKey: 'company-key' });
      const res = await sample();
      expect(res.status).toBe(200);
      expect(res.body.ResponseData.AIGeneratedText).toContain('INTERNAL-ANSWER');
      const last = listener.seen.at(-1)!;
      expect(last.url).toBe('/v1/chat/completions');
      expect(last.headers.authorization).toBe('Bearer company-key');
      expect(listener.seen.map((s) => s.headers.authorization)).not.toContain(`Bearer ${PLATFORM_KEY}`);
    });
  });
});
