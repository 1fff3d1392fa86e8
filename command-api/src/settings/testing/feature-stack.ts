import { randomUUID } from 'node:crypto';
import type { Role } from '@locus/contracts';
import { manualClock } from '@locus/platform/http/testing';
import type { ReactorFeature } from '../../features';
import { startTestStack } from '@locus/tests/stack/test-stack';

export interface ApiResponse {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

/**
 * The one test stack for the settings, Azure and staff API tests: every feature on one
 * server, a manual clock, no session check (tokens alone decide), logs kept at debug (the
 * secrets test reads them), and helpers that read like the spec's steps.
 */
export async function startFeatureStack(options: { env?: Record<string, string>; reactors?: ReactorFeature } = {}) {
  const clock = manualClock(new Date());
  const stack = await startTestStack({
    clock,
    env: options.env,
    reactors: options.reactors ? [options.reactors] : [],
    sessionValidation: false,
    logLevel: 'debug',
  });
  const responses: string[] = [];

  /** Calls the API; queries wait for the caller's last write (X-Min-Position). */
  async function call(method: string, urlPath: string, token?: string, body?: unknown): Promise<ApiResponse> {
    const answer = await stack.call(method, urlPath, { token, body });
    responses.push(answer.text);
    return { status: answer.status, body: answer.body ?? (answer.text || null), headers: answer.headers, text: answer.text };
  }

  async function token(role: Role, companyId: string | null, extra: { userId?: string; viewingAsAdmin?: boolean } = {}) {
    const userId = extra.userId ?? randomUUID();
    return stack.tokenFor(role, companyId, { userId, companyName: companyId ? 'Company' : null, ...(extra.viewingAsAdmin ? { adminUserId: userId } : {}) });
  }

  const administrator = await token('Administrator', null);

  /** A real company (created by the Administrator) with tokens for its admin, a user and the administrator viewing it. */
  async function createCompany(name = `Company ${randomUUID().slice(0, 6)}`) {
    const res = await call('POST', '/api/companies', administrator, {
      CompanyName: name,
      PrimaryContact: {
        FirstName: 'Pat',
        LastName: 'Owner',
        Email: `owner-${randomUUID().slice(0, 8)}@example.com`,
        Password: 'Secret#12345',
        ConfirmPassword: 'Secret#12345',
      },
    });
    if (res.status >= 300) throw new Error(`company creation failed: ${res.status} ${res.text}`);
    const companyId = res.body.Data.Id as string;
    return {
      companyId,
      admin: await token('CompanyAdmin', companyId),
      user: await token('CompanyUser', companyId),
      adminViewing: await token('CompanyAdmin', companyId, { viewingAsAdmin: true }),
    };
  }

  return {
    ...stack,
    clock,
    /** Every response body received so far. */
    responses,
    administrator,
    call,
    token,
    createCompany,
  };
}

export type FeatureStack = Awaited<ReturnType<typeof startFeatureStack>>;
