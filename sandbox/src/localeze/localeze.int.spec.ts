import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { callJson } from '../google/testing';
import { DISPOSITIONS } from './index';

let sandbox: RunningSandbox;
let dataDir: string;
const KEY = 'localeze-key';
const get = (p: string) => callJson(sandbox.url, KEY, 'GET', p);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-localeze-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, log: () => {} });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Localeze simulator', () => {
  it('lists the directories of a listing with dispositions, dates, logos and links only where published', async () => {
    const res = await get('/localeze/v1/listings/48213377/directories');
    expect(res.status).toBe(200);
    expect(res.json.listingId).toBe('48213377');
    const dirs = res.json.directories as any[];
    expect(dirs.length).toBeGreaterThanOrEqual(9);
    for (const d of dirs) {
      expect(DISPOSITIONS).toContain(d.disposition);
      expect(d.lastModified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(typeof d.isEnabled).toBe('boolean');
      if (d.disposition !== 'Successful') expect(d.link).toBeNull();
    }
    expect(dirs.some((d) => d.disposition === 'Successful' && /^https:\/\//.test(d.link))).toBe(true);
    const logo = await fetch(dirs[0].logoUrl);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    // Deterministic for the same id; other ids differ.
    expect((await get('/localeze/v1/listings/48213377/directories')).json).toEqual(res.json);
    const others = await Promise.all(['1001', '20002', '300003', '4000004'].map((id) => get(`/localeze/v1/listings/${id}/directories`)));
    expect(new Set(others.map((o) => JSON.stringify(o.json.directories.map((d: any) => d.disposition)))).size).toBeGreaterThan(1);
  });

  it('answers 404 for an id that is not a listing, 401 without a key, and injected failures', async () => {
    const unknown = await get('/localeze/v1/listings/abc/directories');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: 404, field: 'listingId' });
    expect((await callJson(sandbox.url, undefined, 'GET', '/localeze/v1/categories')).status).toBe(401);
    await callJson(sandbox.url, undefined, 'POST', '/localeze/__sandbox/fail-next', { status: 503 });
    expect((await get('/localeze/v1/categories')).status).toBe(503);
    expect((await get('/localeze/v1/categories')).status).toBe(200);
    expect((await callJson(sandbox.url, undefined, 'POST', '/localeze/__sandbox/fail-next', { status: 404 })).json.error.field).toBe('status');
    // The sandbox index links to /localeze: it shows the simulator's summary.
    expect((await callJson(sandbox.url, undefined, 'GET', '/localeze')).json.dispositions).toEqual([...DISPOSITIONS]);
  });

  it('lists Localeze categories with unique ids', async () => {
    const cats = (await fetch(`${sandbox.url}/localeze/v1/categories`, { headers: { 'x-api-key': KEY } }).then((r) => r.json())) as {
      categories: { id: number; name: string }[];
    };
    expect(cats.categories.length).toBeGreaterThan(50);
    expect(new Set(cats.categories.map((c) => c.id)).size).toBe(cats.categories.length);
    expect(cats.categories.map((c) => c.name)).toContain('Insurance Agents');
  });

  it("lets tests set a directory's disposition and link, kept across restarts with the same dates", async () => {
    const set = await callJson(sandbox.url, undefined, 'PUT', '/localeze/__sandbox/listings/5550001/directories/bing-places', {
      disposition: 'Rejected',
      link: null,
    });
    expect(set.json).toMatchObject({ platform: 'Bing Places', disposition: 'Rejected', link: null });
    const published = await callJson(sandbox.url, undefined, 'PUT', '/localeze/__sandbox/listings/5550001/directories/Apple%20Maps', {
      disposition: 'Successful',
      link: 'https://maps.apple.com/?auid=1',
    });
    expect(published.json.link).toBe('https://maps.apple.com/?auid=1');
    expect(
      (await callJson(sandbox.url, undefined, 'PUT', '/localeze/__sandbox/listings/5550001/directories/bing-places', { disposition: 'Great' })).json.error
        .field,
    ).toBe('disposition');
    const dirs = (await get('/localeze/v1/listings/5550001/directories')).json.directories as any[];
    expect(dirs.find((d) => d.platform === 'Bing Places')).toMatchObject({ disposition: 'Rejected', link: null });

    const withoutLogo = (json: any) => json.directories.map(({ logoUrl: _, ...d }: any) => d);
    const untouched = withoutLogo((await get('/localeze/v1/listings/48213377/directories')).json);
    const before = Date.now();
    await sandbox.close();
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, log: () => {} });
    // Dates are generated from the data's own start, not the time of the call: a second later they are the same.
    await new Promise((r) => setTimeout(r, Math.max(0, 1100 - (Date.now() - before))));
    expect(withoutLogo((await get('/localeze/v1/listings/48213377/directories')).json)).toEqual(untouched);
    const again = (await get('/localeze/v1/listings/5550001/directories')).json.directories as any[];
    expect(again.find((d) => d.platform === 'Apple Maps')).toMatchObject({ disposition: 'Successful', link: 'https://maps.apple.com/?auid=1' });
  });
});
