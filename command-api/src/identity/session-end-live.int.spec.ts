import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { manualClock, sseReader } from '@locus/platform/http/testing';
import { seedDemo, DEMO_COMPANIES } from '../demo/seed-demo';
import { startIdentityStack, type IdentityStack } from './testing/identity-test-stack';

const ADMIN = { adminEmail: 'root@locus.example', adminPassword: 'Admin-Pass-2024!' };

/** A session's open `GET /api/live`, and how long after `since` it ended (null while open). */
async function openLive(stack: IdentityStack, token: string) {
  const res = await fetch(`${stack.queryUrl}/api/live`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const reader = sseReader(res);
  // The stream opens with its retry interval, then says it is connected.
  for (let frame = await reader.next(); frame?.comment !== 'connected'; frame = await reader.next()) expect(frame).not.toBeNull();
  const frames: { event?: string; data?: string }[] = [];
  let endedAt: number | null = null;
  const ended = (async () => {
    try {
      for (let frame = await reader.next(); frame; frame = await reader.next()) frames.push(frame);
    } catch {
      // cut when the stack stops
    }
    endedAt = Date.now();
  })();
  return { frames, ended, endedAt: () => endedAt };
}

describe('a session that ends closes its live streams; logout ends the session on the server', () => {
  let stack: IdentityStack;
  const clock = manualClock(new Date());

  beforeAll(async () => {
    stack = await startIdentityStack({ clock });
    await seedDemo(stack.commandDeps, ADMIN);
    await stack.waitForProjections();
  });
  afterAll(() => stack?.close());

  const signIn = async (email: string, password: string) => {
    clock.advance(1_000);
    const res = await stack.command('POST', '/api/auth/login', { body: { UserName: email, Password: password } });
    expect(res.status).toBe(200);
    return res.json.Token as string;
  };
  const profileStatus = async (token: string) => (await stack.query('GET', '/api/profile', { token })).status;

  it('logout: the token answers 401 on both APIs, its live stream closes within a second, the same user’s other session stays', async () => {
    const user = DEMO_COMPANIES[0]!.users[0]!;
    const leaving = await signIn(user.email, ADMIN.adminPassword);
    const staying = await signIn(user.email, ADMIN.adminPassword);
    const leavingLive = await openLive(stack, leaving);
    const stayingLive = await openLive(stack, staying);

    const startedAt = Date.now();
    const res = await stack.command('POST', '/api/auth/logout', { token: leaving });
    expect(res.status).toBe(200);
    await leavingLive.ended;
    expect(leavingLive.endedAt()! - startedAt).toBeLessThan(1_000);
    expect(leavingLive.frames.at(-1)?.data).toContain(decodeJwt(leaving).jti!);

    await stack.waitForProjections();
    expect(await profileStatus(leaving)).toBe(401);
    const reopen = await fetch(`${stack.queryUrl}/api/live`, { headers: { Authorization: `Bearer ${leaving}` } });
    expect(reopen.status).toBe(401);
    expect((await stack.command('POST', '/api/auth/logout', { token: leaving })).status).toBe(401);

    expect(await profileStatus(staying)).toBe(200);
    expect(stayingLive.endedAt()).toBeNull();
    // Logging out twice from the same session (two tabs) is one end.
    expect((await stack.command('POST', '/api/auth/logout', { token: staying })).status).toBe(200);
    await stayingLive.ended;
  });

  it("a password change closes the user's other live streams within a second, not the changing session's", async () => {
    const user = DEMO_COMPANIES[0]!.users[1] ?? DEMO_COMPANIES[1]!.users[0]!;
    const laptop = await signIn(user.email, ADMIN.adminPassword);
    const phone = await signIn(user.email, ADMIN.adminPassword);
    const laptopLive = await openLive(stack, laptop);
    const phoneLive = await openLive(stack, phone);

    const startedAt = Date.now();
    const change = await stack.command('POST', '/api/profile/reset-password', {
      token: laptop,
      body: { CurrentPassword: ADMIN.adminPassword, NewPassword: 'changed-pass-2', ConfirmPassword: 'changed-pass-2' },
    });
    expect(change.status).toBe(200);
    await phoneLive.ended;
    expect(phoneLive.endedAt()! - startedAt).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(laptopLive.endedAt()).toBeNull();
    expect((await stack.command('POST', '/api/auth/logout', { token: laptop })).status).toBe(200);
    await laptopLive.ended;
  });

  it('deactivating a company closes every live stream of its users', async () => {
    const company = DEMO_COMPANIES[1]!;
    const member = await signIn(company.users[0]!.email, ADMIN.adminPassword);
    const live = await openLive(stack, member);
    const companyId = decodeJwt(member).CompanyId as string;
    const admin = await stack.tokenFor('Administrator', null);
    const startedAt = Date.now();
    const res = await stack.command('POST', `/api/companies/${companyId}/deactivate`, { token: admin });
    expect(res.status, res.text).toBe(200);
    await live.ended;
    expect(live.endedAt()! - startedAt).toBeLessThan(1_000);
  });
});
