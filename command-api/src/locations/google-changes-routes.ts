import { googleChangesErrors, googleChangesMessages as m, locationEventSchemas, locationStream, resolveGoogleChangesRoute } from '@locus/contracts';
import { callerCompanyId, failWith, implement, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { awaitOutcome, eventMetadata, handleCommand } from '../kit';
import { locationDecider, locationNotFound } from './location-decider';
import { loadCompanyLocation } from './routes';

export interface GoogleChangesRouteOptions {
  /** How long a decision waits for Google's answer before replying that it is under way (default 15 s). */
  outcomeTimeoutMs?: number;
}

/**
 * A person's decision on the fields Google changed: accepted ones become Locus's values, kept
 * ones go back to Google; both are pushed with a mask of exactly those fields, and the answer
 * says what Google answered (or that it has not yet).
 */
export function googleChangesCommandRoutes(deps: CommandDeps, options: GoogleChangesRouteOptions = {}): RouteImplementation[] {
  const outcomeTimeoutMs = options.outcomeTimeoutMs ?? 15_000;

  const resolve = implement(resolveGoogleChangesRoute, async (req) => {
    const companyId = callerCompanyId(req, locationNotFound);
    const { state, revision } = await loadCompanyLocation(deps, companyId, req.params.id);
    const result = await handleCommand({
      eventStore: deps.eventStore,
      streamName: locationStream(state.locationId),
      decider: locationDecider,
      command: { type: 'ResolveGoogleChanges', data: { accept: req.body.Accept, keep: req.body.Keep } },
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });
    let position = result.position;
    let pending = false;
    for (const event of result.events) {
      const outcome = await awaitOutcome(deps.eventStore, {
        stream: locationStream(state.locationId),
        after: revision,
        schemas: locationEventSchemas,
        types: ['LocationGoogleUpdateSucceeded', 'LocationGoogleUpdateFailed'],
        matches: (e) => e.data.sourceType === event.type,
        timeoutMs: outcomeTimeoutMs,
      });
      if (!outcome) {
        pending = true;
        continue;
      }
      position = Math.max(position, outcome.position);
      // The decision stays recorded in Locus; Google's refusal is said as Google said it.
      if (outcome.type === 'LocationGoogleUpdateFailed') throw failWith(googleChangesErrors.refused, outcome.data.message);
    }
    return { body: { Success: true, ResponseMessage: pending ? m.pending : m.resolved, Data: answer(req.body, pending) }, position };
  });

  return [resolve];
}

const answer = <F extends string>(body: { Accept: F[]; Keep: F[] }, pending: boolean) => ({ Accepted: body.Accept, Kept: body.Keep, Pending: pending });
