import { aiDraftRoute, reviewsAiErrors } from '@locus/contracts';
import { fail, implement, openSseChannel, SSE_HEADERS, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { reviewForCaller } from '../reviews/public';
import { automationService } from './automation-service';
import { LlmDraftError } from './llm/llm-client';

/**
 * "Draft with AI" in a reply dialog: the company's AI settings (the tone chosen in the dialog
 * first) and brand shape the prompt; the reply streams to the dialog as it is written. Nothing
 * is recorded or posted here: the person edits the text and posts it with the reply route.
 */
export function aiDraftCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const service = automationService(deps);

  const draft = implement(aiDraftRoute, async (req) => {
    const review = await reviewForCaller(deps, req, req.params.reviewId);
    const settings = await service.settingsOf(review.companyId);
    const { endpoint, input } = await service.draftRequest(
      review.companyId,
      { reviewerName: review.reviewer.displayName, starRating: review.starRating, comment: review.comment },
      { ...settings, tone: req.body.Tone ?? settings.tone },
    );
    // A company without a key of its own, on a server without one, has no AI service: say where to set it.
    if (!endpoint.apiKey) throw fail(reviewsAiErrors.notSetUp);

    const channel = openSseChannel({ keepAliveMs: 10_000 });
    const stop = new AbortController();
    channel.onClose(() => stop.abort());
    service
      .streamDraft(endpoint, input, (text) => channel.send({ Text: text }, { event: 'text' }), stop.signal)
      .then(
        (drafted) => channel.send({ Comment: drafted.comment, Model: drafted.model }, { event: 'done' }),
        (err: unknown) => {
          if (stop.signal.aborted) return;
          if (!(err instanceof LlmDraftError)) deps.logger.error({ err, reviewId: review.reviewId }, 'AI draft failed');
          const message = err instanceof LlmDraftError ? err.message : reviewsAiErrors.llmFailed.message;
          channel.send({ Code: err instanceof LlmDraftError ? err.code : 'LLM_UNAVAILABLE', Message: message }, { event: 'failed' });
        },
      )
      .finally(() => {
        // The last frame waits for the channel's batched write: written now, then the stream ends.
        channel.flush();
        channel.close();
      });
    return { status: 200, body: channel.stream, headers: SSE_HEADERS };
  });

  return [draft];
}
