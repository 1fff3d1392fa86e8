import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@locus/platform';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { createMailboxModule } from '@locus/sandbox/mailbox/index';
import { identityMailReactor } from './mail-reactor';
import { createIdentitySecrets } from '../kit/secrets';

/** The mail reactor through the real SMTP mailer into the sandbox mailbox. */
describe('identity mail over SMTP', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let mailer: ReturnType<typeof createSmtpMailer>;
  const secrets = createIdentitySecrets(randomBytes(32).toString('base64'));
  const now = new Date('2025-05-01T12:00:00.000Z');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'locus-mail-'));
    sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, moduleFactories: [createMailboxModule], log: () => undefined });
    mailer = createSmtpMailer({ host: '127.0.0.1', port: sandbox.smtpPort, from: 'Locus <no-reply@locus.example>', secure: false });
  });
  afterAll(async () => {
    mailer?.close();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const recorded = (type: string, data: unknown): RecordedEvent => ({
    id: 'e1',
    type,
    data,
    streamName: 's',
    revision: 0n,
    position: 1,
    created: now,
    metadata: { companyId: null, actor: { userId: 'u', role: 'Administrator' }, correlationId: 'c', causationId: null, occurredAt: now.toISOString() },
  });
  const inbox = async (to: string) => {
    const res = await fetch(`${sandbox.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    return (await res.json()) as { subject: string; text: string; from: string }[] | { messages: { subject: string; text: string; from: string }[] };
  };
  const messagesOf = (body: Awaited<ReturnType<typeof inbox>>) => (Array.isArray(body) ? body : body.messages);
  const reactor = () => identityMailReactor({ mailer, clock: { now: () => now }, config: { publicUrl: 'https://portal.example' } }, secrets);
  const ctx = { attempt: 1, append: async () => undefined };

  it('delivers the one-time code opened from the sealed copy', async () => {
    await reactor().handle(
      recorded('OtpIssued', {
        challengeId: 'ch-1',
        userId: 'u',
        email: 'root@locus.example',
        codeHash: 'h',
        sealedCode: secrets.seal('482913', 'ch-1'),
        expiresAt: '2025-05-01T12:10:00.000Z',
        maxAttempts: 5,
      }),
      ctx,
    );
    const [mail] = messagesOf(await inbox('root@locus.example'));
    expect(mail!.subject).toBe('Your Locus verification code');
    expect(mail!.text).toContain('482913');
    expect(mail!.from).toContain('no-reply@locus.example');
  });

  it('delivers the reset link to the public URL', async () => {
    await reactor().handle(
      recorded('PasswordResetRequested', {
        userId: 'u',
        requestId: 'r-1',
        email: 'ann+x@b.example',
        tokenHash: 'h',
        sealedToken: secrets.seal('tok_en-1', 'r-1'),
        expiresAt: '2025-05-01T13:00:00.000Z',
      }),
      ctx,
    );
    const [mail] = messagesOf(await inbox('ann+x@b.example'));
    expect(mail!.text).toContain('https://portal.example/forget-password?email=ann%2Bx%40b.example&token=tok_en-1');
  });

  it('sends nothing for an expired code, and parks what cannot be opened', async () => {
    await reactor().handle(
      recorded('OtpIssued', {
        challengeId: 'ch-2',
        userId: 'u',
        email: 'late@locus.example',
        codeHash: 'h',
        sealedCode: secrets.seal('111111', 'ch-2'),
        expiresAt: '2025-05-01T11:59:00.000Z',
        maxAttempts: 5,
      }),
      ctx,
    );
    expect(messagesOf(await inbox('late@locus.example'))).toEqual([]);
    await expect(
      reactor().handle(
        recorded('OtpIssued', {
          challengeId: 'ch-3',
          userId: 'u',
          email: 'x@locus.example',
          codeHash: 'h',
          sealedCode: secrets.seal('111111', 'other'),
          expiresAt: '2025-05-01T12:10:00.000Z',
          maxAttempts: 5,
        }),
        ctx,
      ),
    ).rejects.toMatchObject({ name: 'PermanentReactorError' });
  });
});
