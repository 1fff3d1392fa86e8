import { startTestStack, type ApiAnswer } from '@locus/tests/stack/test-stack';
import { identityReactors } from '../routes';
import { companiesReactors } from '../../companies';
import { usersReactors } from '../../users';

/**
 * The identity/companies/users slice as deployed in distributed mode: the one test stack with
 * command-api and query-api as two apps, this slice's reactors, debug logs kept for the
 * secrets scan.
 */
export async function startIdentityStack(options: { clock?: { now(): Date } } = {}) {
  const stack = await startTestStack({
    apps: 'two',
    clock: options.clock,
    reactors: [identityReactors, companiesReactors, usersReactors],
    env: { LOCUS_PUBLIC_URL: 'http://locus.test' },
    logLevel: 'debug',
  });
  type Init = { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> };
  const answer = (a: ApiAnswer) => ({ status: a.status, json: a.body, text: a.text, headers: a.headers });
  return {
    ...stack,
    command: async (method: string, urlPath: string, init: Init = {}) =>
      answer(await stack.call(method, urlPath, { ...init, headers: { 'X-Min-Position': '0', ...init.headers }, to: 'command' })),
    query: async (method: string, urlPath: string, init: Init = {}) =>
      answer(await stack.call(method, urlPath, { ...init, headers: { 'X-Min-Position': '0', ...init.headers }, to: 'query' })),
  };
}

export type IdentityStack = Awaited<ReturnType<typeof startIdentityStack>>;
