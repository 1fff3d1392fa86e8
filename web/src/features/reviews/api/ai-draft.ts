import { aiDraftRoute, reviewsAiErrors } from '@locus/contracts';
import { createSseParser } from '@web/app/live/sse-parser';
import { failureMessage } from '@web/shared/lib/envelope';
import { fillPath } from '@web/shared/lib/api-path';
import { takeValidToken } from '@web/shared/session/token-storage';

export type AiDraftTone = 'Positive' | 'Neutral' | 'Grateful';

/** Why a draft did not come: `notSetUp` when the company has no AI service yet. */
export class AiDraftError extends Error {
  constructor(
    message: string,
    readonly notSetUp: boolean,
  ) {
    super(message);
  }
}

/**
 * Asks for an AI draft of the reply to one review and hands each piece of text to `onText` as
 * the model writes it; resolves with the whole reply (fitted to Google's limit). Nothing is posted.
 */
export async function streamAiDraft(
  reviewId: string,
  tone: AiDraftTone | null,
  onText: (text: string) => void,
  fallbackMessage: string,
  signal?: AbortSignal,
): Promise<string> {
  const token = takeValidToken();
  const res = await fetch(fillPath(aiDraftRoute.path, { reviewId }), {
    method: 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ Tone: tone }),
    signal,
    cache: 'no-store',
  });
  if (!res.ok || !res.body) {
    const body: unknown = await res.json().catch(() => null);
    const code = (body as { ApiError?: { ErrorCode?: string } } | null)?.ApiError?.ErrorCode;
    throw new AiDraftError(failureMessage(body, fallbackMessage), code === reviewsAiErrors.notSetUp.code);
  }
  const parser = createSseParser();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const item of parser.feed(decoder.decode(value, { stream: true }))) {
      if (item.kind !== 'event') continue;
      const data = JSON.parse(item.event.data) as { Text?: string; Comment?: string; Message?: string };
      if (item.event.event === 'text' && data.Text) onText(data.Text);
      else if (item.event.event === 'done') return data.Comment ?? '';
      else if (item.event.event === 'failed') throw new AiDraftError(data.Message ?? fallbackMessage, false);
    }
  }
  throw new AiDraftError(fallbackMessage, false);
}
