import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { DIRECTORY_PATH, DIRECTORY_SCOPE } from './api/directory';
import { WORKSPACE_ADMIN } from './seed/generate';
import { accessTokenFor, callJson } from './testing';

/** Admin SDK Directory users.list as the sandbox simulates it. */
describe('Google Workspace directory (Admin SDK users.list)', () => {
  let sandbox: RunningSandbox;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-directory-'));
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir, log: () => {} });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the administrator's Workspace users page by page, the admin first, the same on every call", async () => {
    const token = await accessTokenFor(sandbox.url, WORKSPACE_ADMIN.email, [DIRECTORY_SCOPE]);
    const first = await callJson(sandbox.url, token, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer&maxResults=10`);
    expect(first.status).toBe(200);
    expect(first.json.kind).toBe('admin#directory#users');
    expect(first.json.users).toHaveLength(10);
    expect(first.json.users[0]).toMatchObject({ primaryEmail: WORKSPACE_ADMIN.email, isAdmin: true, name: { fullName: 'Jordan Alvarez' } });
    const all = [...first.json.users];
    let pageToken: string | undefined = first.json.nextPageToken;
    while (pageToken) {
      const next = await callJson(sandbox.url, token, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer&maxResults=10&pageToken=${pageToken}`);
      all.push(...next.json.users);
      pageToken = next.json.nextPageToken;
    }
    expect(all).toHaveLength(24);
    expect(new Set(all.map((u: { primaryEmail: string }) => u.primaryEmail)).size).toBe(24);
    for (const u of all) expect(u.primaryEmail).toMatch(/@summithomeservices\.com$/);
    const again = await callJson(sandbox.url, token, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer&maxResults=10`);
    expect(again.json.users).toEqual(first.json.users);
  });

  it('refuses a token without the directory scope, a consumer account and a missing customer', async () => {
    const noScope = await accessTokenFor(sandbox.url, WORKSPACE_ADMIN.email);
    expect((await callJson(sandbox.url, noScope, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer`)).status).toBe(403);
    const consumer = await accessTokenFor(sandbox.url, 'avery.johnson@gmail.com', [DIRECTORY_SCOPE]);
    const refused = await callJson(sandbox.url, consumer, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Not Authorized to access this resource/api');
    const admin = await accessTokenFor(sandbox.url, WORKSPACE_ADMIN.email, [DIRECTORY_SCOPE]);
    expect((await callJson(sandbox.url, admin, 'GET', `${DIRECTORY_PATH}/users`)).status).toBe(400);
    expect((await callJson(sandbox.url, undefined, 'GET', `${DIRECTORY_PATH}/users?customer=my_customer`)).status).toBe(401);
  });
});
