import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyStream } from '@locus/contracts';
import { apiSpec } from './api-spec';
import { startTestStack, type TestStack } from './test-stack';

/** The given/when/then helper itself: events as the given, and a `then` that fails when the answer or the new events differ. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const companyCreated = (companyId: string) => ({
  stream: companyStream(companyId),
  companyId,
  events: [{ type: 'CompanyCreated', data: { companyId, companyName: 'Given Co', defaultAdminId: randomUUID(), source: 'seed' } }],
});

describe('apiSpec', () => {
  it('appends given events, sends the request, and answers the events it appended', async () => {
    const companyId = randomUUID();
    const admin = await stack.tokenFor('Administrator', null);
    const { given, events } = await apiSpec(stack)
      .given(companyCreated(companyId))
      .when({ method: 'POST', path: `/api/companies/${companyId}/deactivate`, token: admin })
      .then({ status: 200, body: { Success: true } }, [{ type: 'CompanyDeactivated', stream: companyStream(companyId), data: { companyId } }]);
    expect(given[0]).toBeGreaterThan(0);
    expect(events.map((e) => e.type)).toEqual(['CompanyDeactivated']);
  });

  it('fails when the answer or the new events are not the expected ones', async () => {
    const admin = await stack.tokenFor('Administrator', null);
    const deactivate = (companyId: string) => ({ method: 'POST' as const, path: `/api/companies/${companyId}/deactivate`, token: admin });
    const a = randomUUID();
    await expect(apiSpec(stack).given(companyCreated(a)).when(deactivate(a)).then({ status: 200 }, [])).rejects.toThrow(/CompanyDeactivated/);
    const b = randomUUID();
    await expect(apiSpec(stack).given(companyCreated(b)).when(deactivate(b)).then({ status: 404 }, [])).rejects.toThrow();
    // A given request that does not succeed stops the test before `when`.
    await expect(apiSpec(stack).given(deactivate(randomUUID())).when(deactivate(a)).then({ status: 200 }, [])).rejects.toThrow(/answered 404/);
  });
});
