import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { createMailboxModule } from './index';

let sandbox: RunningSandbox;
let dataDir: string;

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: sandbox.smtpPort, secure: false, ignoreTLS: true });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-mail-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, moduleFactories: [createMailboxModule] });
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SMTP mailbox', () => {
  it('receives mail over SMTP and serves it as JSON, filtered by recipient', async () => {
    await transport().sendMail({
      from: 'Locus <no-reply@locus.test>',
      to: 'ada@example.com',
      subject: 'Your one-time code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
    });
    await transport().sendMail({ from: 'no-reply@locus.test', to: 'bob@example.com', cc: 'carol@example.com', subject: 'Welcome', text: 'Hello Bob' });
    const res = await fetch(`${sandbox.url}/mailbox/api/messages?to=ADA@example.com`);
    const body = (await res.json()) as { total: number; messages: any[] };
    expect(body.total).toBe(1);
    expect(body.messages[0]).toMatchObject({ to: ['ada@example.com'], subject: 'Your one-time code', from: 'Locus <no-reply@locus.test>' });
    expect(body.messages[0].text).toContain('123456');
    expect(body.messages[0].html).toContain('<b>123456</b>');
    const cc = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=carol@example.com`)).json()) as { messages: any[] };
    expect(cc.messages.map((m) => m.subject)).toEqual(['Welcome']);
    const all = (await (await fetch(`${sandbox.url}/mailbox/api/messages`)).json()) as { messages: any[] };
    expect(all.messages.map((m) => m.subject)).toEqual(['Welcome', 'Your one-time code']);
  });

  it('waits for a message when asked (waitMs) instead of the caller polling', async () => {
    const pending = fetch(`${sandbox.url}/mailbox/api/messages?to=late@example.com&waitMs=5000`).then((r) => r.json() as Promise<{ total: number }>);
    await transport().sendMail({ from: 'no-reply@locus.test', to: 'late@example.com', subject: 'Late', text: 'x' });
    expect((await pending).total).toBe(1);
  });

  it('lists messages on a page and shows each one with HTML escaped and sandboxed', async () => {
    await transport().sendMail({
      from: 'x@locus.test',
      to: 'eve@example.com',
      subject: '<script>alert(1)</script> Reset',
      text: 'Reset <here>',
      html: '<p onclick="x()">Reset</p><script>alert(2)</script>',
    });
    const page = await (await fetch(`${sandbox.url}/mailbox`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Reset');
    expect(page).not.toContain('<script>alert(1)');
    const { messages } = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=eve@example.com`)).json()) as { messages: any[] };
    const detail = await fetch(`${sandbox.url}/mailbox/messages/${messages[0].id}`);
    const html = await detail.text();
    expect(html).toContain('Reset &lt;here&gt;');
    expect(html).toContain('<iframe title="HTML body" sandbox=""');
    expect(html).toContain('srcdoc="&lt;p onclick=&quot;x()&quot;&gt;Reset&lt;/p&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(2)');
    expect(detail.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('clears messages for one recipient or all', async () => {
    const one = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=bob@example.com`, { method: 'DELETE' })).json()) as { deleted: number };
    expect(one.deleted).toBe(1);
    expect(((await (await fetch(`${sandbox.url}/mailbox/api/messages?to=bob@example.com`)).json()) as { total: number }).total).toBe(0);
    await fetch(`${sandbox.url}/mailbox/api/messages`, { method: 'DELETE' });
    expect(((await (await fetch(`${sandbox.url}/mailbox/api/messages`)).json()) as { total: number }).total).toBe(0);
  });

  it('keeps messages across restarts', async () => {
    await transport().sendMail({ from: 'x@locus.test', to: 'keep@example.com', subject: 'Kept', text: 'x' });
    await sandbox.close();
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, moduleFactories: [createMailboxModule] });
    const body = (await (await fetch(`${sandbox.url}/mailbox/api/messages?to=keep@example.com`)).json()) as { messages: any[] };
    expect(body.messages.map((m) => m.subject)).toEqual(['Kept']);
  });
});
