import type OpenAI from 'openai';
import { COMPANY_VARIABLES_COLLECTION, companyVariableSealContext, GOOGLE_REPLY_MAX_BYTES, replyByteLength, type CompanyVariableDoc } from '@locus/contracts';
import { checkOutboundUrl, outboundFetch, OutboundUrlError, type LocusConfig, type ReadModels, type SecretBox } from '@locus/platform';
import { operationMetrics } from '@locus/platform/metrics/operation-metrics';
import { PROMPT_VERSION, reviewReplyMessages, type ReplyPromptInput } from './review-reply-prompt';

/** Where drafts are written: any OpenAI-compatible Chat Completions endpoint. */
export interface LlmEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
  /**
   * The company chose the URL (LlmBaseUrl): requests go through the outbound guard and the
   * answer's wording is not passed on.
   */
  tenant?: { allowPrivate: boolean };
}

export interface DraftedReply {
  comment: string;
  model: string;
  promptVersion: string;
  promptTokens: number;
  completionTokens: number;
}

export type LlmFailureCode = 'LLM_TIMEOUT' | 'LLM_UNAVAILABLE' | 'LLM_REFUSED' | 'LLM_EMPTY' | 'LLM_NOT_CONFIGURED' | 'LLM_URL_NOT_ALLOWED';

/** The LLM did not give a usable reply (after the client's retries). */
export class LlmDraftError extends Error {
  constructor(
    readonly code: LlmFailureCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'LlmDraftError';
  }
}

/** Company variables that point a company at its own endpoint (LlmApiKey should be encrypted). */
export const LLM_VARIABLES = { baseUrl: 'LlmBaseUrl', model: 'LlmModel', apiKey: 'LlmApiKey' } as const;

/**
 * The company's endpoint: its LlmBaseUrl / LlmModel / LlmApiKey variables where set (the key
 * opened from its sealed value), else the server's configuration. The platform's key goes only
 * to the platform's URL: a company that sets its own LlmBaseUrl must set its own LlmApiKey.
 */
export async function llmEndpointFor(
  readModels: ReadModels,
  config: Pick<LocusConfig, 'llm' | 'allowPrivateUrls'>,
  box: SecretBox,
  companyId: string,
): Promise<LlmEndpoint> {
  const names: string[] = Object.values(LLM_VARIABLES);
  const docs = await readModels.collection<CompanyVariableDoc>(COMPANY_VARIABLES_COLLECTION).find({ companyId, variableName: { $in: names } });
  const value = (name: string): string | undefined => {
    const doc = docs.find((d) => d.variableName === name);
    if (!doc?.value) return undefined;
    return doc.isEncrypted ? box.decrypt(doc.value, companyVariableSealContext(companyId, doc._id)) : doc.value.trim() || undefined;
  };
  const tenantUrl = value(LLM_VARIABLES.baseUrl);
  const common = { model: value(LLM_VARIABLES.model) ?? config.llm.model, timeoutMs: config.llm.timeoutMs, maxRetries: config.llm.maxRetries };
  if (tenantUrl === undefined) return { ...common, baseUrl: config.llm.baseUrl, apiKey: value(LLM_VARIABLES.apiKey) ?? config.llm.apiKey };
  return { ...common, baseUrl: tenantUrl, apiKey: value(LLM_VARIABLES.apiKey) ?? '', tenant: { allowPrivate: config.allowPrivateUrls } };
}

const SENTENCE_END = /[.!?…](?=\s|$)/g;

/**
 * A reply Google takes: trimmed, not empty, within its byte limit. A longer one is cut after
 * the last whole sentence that fits; one without such a sentence is refused.
 */
export function fitReply(text: string): string {
  const reply = text.trim();
  if (!reply) throw new LlmDraftError('LLM_EMPTY', 'The AI service answered an empty reply');
  if (replyByteLength(reply) <= GOOGLE_REPLY_MAX_BYTES) return reply;
  let cut = -1;
  for (const m of reply.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (replyByteLength(reply.slice(0, end)) > GOOGLE_REPLY_MAX_BYTES) break;
    cut = end;
  }
  if (cut <= 0) throw new LlmDraftError('LLM_EMPTY', "The AI service answered a reply longer than Google's limit");
  return reply.slice(0, cut).trim();
}

/** A client for the endpoint, after its key and (for a company's own URL) the outbound guard are checked. */
async function openClient(endpoint: LlmEndpoint) {
  if (!endpoint.apiKey) {
    throw new LlmDraftError(
      'LLM_NOT_CONFIGURED',
      endpoint.tenant
        ? 'The company sets its own AI service (LlmBaseUrl) without its key: set the LlmApiKey variable'
        : 'No API key is configured for the AI service (LlmApiKey or LOCUS_LLM_API_KEY)',
    );
  }
  if (endpoint.tenant) {
    try {
      checkOutboundUrl(endpoint.baseUrl, endpoint.tenant);
    } catch (err) {
      if (err instanceof OutboundUrlError) throw new LlmDraftError('LLM_URL_NOT_ALLOWED', `LlmBaseUrl is not allowed: ${err.message}`, err);
      throw err;
    }
  }
  // Loaded at the first draft, not at every server start (docs/performance.md, Smaller measurements).
  const { default: OpenAIClient } = await import('openai');
  const client = new OpenAIClient({
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    timeout: endpoint.timeoutMs,
    maxRetries: endpoint.maxRetries,
    ...(endpoint.tenant ? { fetch: outboundFetch(endpoint.tenant) } : {}),
  });
  const started = performance.now();
  const measured = (status: string, usage?: OpenAI.CompletionUsage | null) =>
    operationMetrics.llmCall({
      model: endpoint.model,
      status,
      ms: performance.now() - started,
      promptTokens: usage?.prompt_tokens,
      completionTokens: usage?.completion_tokens,
    });
  return { client, OpenAIClient, measured };
}

/** The client's failure as the one error drafts raise, measured. */
function draftFailure(err: unknown, endpoint: LlmEndpoint, OpenAIClient: typeof OpenAI, measured: (status: string) => void): LlmDraftError {
  if (err instanceof LlmDraftError) return err;
  const refused = err instanceof Error && err.cause instanceof OutboundUrlError ? err.cause : err instanceof OutboundUrlError ? err : null;
  if (refused) {
    measured('refused');
    return new LlmDraftError('LLM_URL_NOT_ALLOWED', `LlmBaseUrl is not allowed: ${refused.message}`, err);
  }
  if (err instanceof OpenAIClient.APIConnectionTimeoutError) {
    measured('timeout');
    return new LlmDraftError('LLM_TIMEOUT', `The AI service did not answer within ${endpoint.timeoutMs} ms`, err);
  }
  // A company's endpoint may be anything: its answer's wording is not passed on, only its status.
  if (err instanceof OpenAIClient.APIError && err.status !== undefined && err.status < 500 && err.status !== 429) {
    measured('refused');
    return new LlmDraftError(
      'LLM_REFUSED',
      endpoint.tenant ? `The AI service refused the request (${err.status})` : `The AI service refused the request (${err.status}): ${err.message}`,
      err,
    );
  }
  measured('unavailable');
  const message = err instanceof Error ? err.message : String(err);
  return new LlmDraftError('LLM_UNAVAILABLE', endpoint.tenant ? 'The AI service could not be reached' : `The AI service failed: ${message}`, err);
}

/** Writes one reply with the versioned prompt. Timeouts, 429 and 5xx are retried by the client (maxRetries). */
export async function draftReviewReply(endpoint: LlmEndpoint, input: ReplyPromptInput): Promise<DraftedReply> {
  const { client, OpenAIClient, measured } = await openClient(endpoint);
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    completion = await client.chat.completions.create({ model: endpoint.model, messages: reviewReplyMessages(input), n: 1, temperature: 0.4 });
  } catch (err) {
    throw draftFailure(err, endpoint, OpenAIClient, measured);
  }
  let comment: string;
  try {
    comment = fitReply(completion.choices[0]?.message.content ?? '');
  } catch (err) {
    measured('empty', completion.usage);
    throw err;
  }
  measured('ok', completion.usage);
  return {
    comment,
    model: completion.model || endpoint.model,
    promptVersion: PROMPT_VERSION,
    promptTokens: completion.usage?.prompt_tokens ?? 0,
    completionTokens: completion.usage?.completion_tokens ?? 0,
  };
}

/**
 * Writes one reply as the model writes it: `onText` gets each piece of text as it arrives (a
 * person watches it appear), and the whole reply, fitted to Google's limit, is returned at the end.
 * A stopped request (`signal`) ends the model's work too.
 */
export async function streamReviewReply(
  endpoint: LlmEndpoint,
  input: ReplyPromptInput,
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<DraftedReply> {
  const { client, OpenAIClient, measured } = await openClient(endpoint);
  let text = '';
  let model = endpoint.model;
  let usage: OpenAI.CompletionUsage | null = null;
  try {
    const stream = await client.chat.completions.create(
      { model: endpoint.model, messages: reviewReplyMessages(input), n: 1, temperature: 0.7, stream: true, stream_options: { include_usage: true } },
      { signal },
    );
    for await (const chunk of stream) {
      if (chunk.model) model = chunk.model;
      if (chunk.usage) usage = chunk.usage;
      const piece = chunk.choices[0]?.delta?.content;
      if (piece) {
        text += piece;
        onText(piece);
      }
    }
  } catch (err) {
    throw draftFailure(err, endpoint, OpenAIClient, measured);
  }
  let comment: string;
  try {
    comment = fitReply(text);
  } catch (err) {
    measured('empty', usage);
    throw err;
  }
  measured('ok', usage);
  return { comment, model, promptVersion: PROMPT_VERSION, promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 };
}
