import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { SYSTEM_ACTOR } from '@locus/contracts';
import type { RecordedEvent } from '@locus/platform';
import type { ApiAnswer, TestStack } from './test-stack';

/** One HTTP request of a spec. */
export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  token?: string | null;
  body?: unknown;
}

/** Events appended to a stream as they are (metadata filled in: the system as actor). */
export interface GivenEvents {
  stream: string;
  companyId: string | null;
  events: readonly { type: string; data: unknown }[];
}

/**
 * A fact of the given state: events, a request (which must succeed), or a named setup step
 * run against the stack (a connected Google account, a seeded company).
 */
export type Given = ApiRequest | GivenEvents | ((stack: TestStack) => Promise<unknown>);

/** What each fact gave: a request its answer, a step its result, events their last position. */
export type GivenResults<F extends readonly Given[]> = {
  [K in keyof F]: F[K] extends ApiRequest ? ApiAnswer : F[K] extends (stack: TestStack) => Promise<infer R> ? R : number;
};

/** An event `when` must append: its type and, optionally, part of its data and its stream. */
export interface ExpectedEvent {
  type: string;
  stream?: string;
  data?: Record<string, unknown>;
}

/** The answer `when` must get: its status and, optionally, part of its body. */
export interface ExpectedAnswer {
  status: number;
  body?: unknown;
}

export interface ApiOutcome<R> {
  answer: ApiAnswer;
  /** The events appended from the request until its answer. */
  events: RecordedEvent[];
  given: R;
}

const isRequest = (fact: Given): fact is ApiRequest => typeof fact === 'object' && 'method' in fact;

/** Sends a request through the stack (queries wait for the last write seen). */
export function send(stack: TestStack, request: ApiRequest): Promise<ApiAnswer> {
  return stack.call(request.method, request.path, { token: request.token ?? null, body: request.body });
}

/**
 * API tests as specifications on the one test stack:
 * `apiSpec(stack).given(events or requests).when(request).then(answer, new events)`.
 * Each test builds its own given state; `when` runs once the given state is projected and every
 * reactor has handled it, so the new events are the request's own (and, for a request that
 * waits for its reactor's outcome, that outcome's).
 */
export function apiSpec(stack: TestStack) {
  return {
    given<const F extends readonly Given[]>(...facts: F) {
      return {
        when(request: ApiRequest | ((given: GivenResults<F>) => ApiRequest)) {
          return {
            async then(expected: ExpectedAnswer, expectedEvents: readonly ExpectedEvent[]): Promise<ApiOutcome<GivenResults<F>>> {
              const given = (await establish(stack, facts)) as GivenResults<F>;
              await stack.waitForProjections();
              await stack.waitForReactors();
              const from = await stack.eventStore.headPosition();
              const answer = await send(stack, typeof request === 'function' ? request(given) : request);
              expect(answer.status, answer.text).toBe(expected.status);
              if (expected.body !== undefined) expect(answer.body).toMatchObject(expected.body as object);
              const to = answer.position || (await stack.eventStore.headPosition());
              const events = (await stack.eventStore.readAll({ after: from })).filter((e) => e.position <= to);
              expect(
                events.map((e) => ({ type: e.type, stream: e.streamName, data: e.data })),
                `new events: ${events.map((e) => e.type).join(', ') || 'none'}`,
              ).toMatchObject(expectedEvents);
              await stack.waitForProjections();
              return { answer, events, given };
            },
          };
        },
      };
    },
  };
}

async function establish(stack: TestStack, facts: readonly Given[]): Promise<unknown[]> {
  const results: unknown[] = [];
  for (const fact of facts) {
    if (typeof fact === 'function') results.push(await fact(stack));
    else if (isRequest(fact)) {
      const answer = await send(stack, fact);
      if (answer.status >= 400) throw new Error(`given ${fact.method} ${fact.path} answered ${answer.status}: ${answer.text}`);
      results.push(answer);
    } else {
      const metadata = {
        companyId: fact.companyId,
        actor: SYSTEM_ACTOR,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: stack.clock.now().toISOString(),
      };
      const written = await stack.eventStore.append(
        fact.stream,
        fact.events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        { expectedRevision: 'any' },
      );
      results.push(written.position);
    }
  }
  return results;
}
