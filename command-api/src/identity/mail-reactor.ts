import { INVITATION_TTL_SECONDS, OtpIssuedSchema, OtpResentSchema, PasswordResetRequestedSchema, OTP_TTL_SECONDS, userStream } from '@locus/contracts';
import {
  PermanentReactorError,
  type Clock,
  type LocusConfig,
  type Mailer,
  type ReactorContext,
  type ReactorDefinition,
  type RecordedEvent,
} from '@locus/platform';
import type { Logger } from 'pino';
import type { IdentitySecrets } from '../kit/secrets';

export interface IdentityMailDeps {
  mailer: Mailer;
  clock: Clock;
  config: Pick<LocusConfig, 'publicUrl'>;
  logger?: Logger;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function otpMail(to: string, code: string) {
  const minutes = Math.round(OTP_TTL_SECONDS / 60);
  return {
    to,
    subject: 'Your Locus verification code',
    text: `Your one-time verification code is ${code}.\n\nIt expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
    html: `<p>Your one-time verification code is <strong style="font-size:20px;letter-spacing:3px">${code}</strong>.</p><p>It expires in ${minutes} minutes. If you did not try to sign in, change your password.</p>`,
  };
}

export function passwordResetMail(to: string, link: string) {
  return {
    to,
    subject: 'Reset your Locus password',
    text: `We received a request to reset your password.\n\nOpen this link to choose a new one (valid for one hour, usable once):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
    html: `<p>We received a request to reset your password.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (valid for one hour, usable once).</p><p>If you did not ask for this, ignore this mail.</p>`,
  };
}

export function invitationMail(to: string, link: string, invitedBy: string) {
  const days = Math.round(INVITATION_TTL_SECONDS / 86_400);
  return {
    to,
    subject: `You are invited to ${invitedBy} on Locus`,
    text: `${invitedBy} added you to Locus.\n\nOpen this link to set your password (valid for ${days} days, usable once):\n${link}`,
    html: `<p>${escapeHtml(invitedBy)} added you to Locus.</p><p><a href="${escapeHtml(link)}">Set your password</a> (valid for ${days} days, usable once).</p>`,
  };
}

export const resetLink = (publicUrl: string, email: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/forget-password?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;

/**
 * Sends the Administrator's one-time code and password reset links. The clear value is opened
 * from the event's sealed copy only here, and never logged. A mail whose code or link has
 * already expired is not sent (e.g. a reactor catching up after downtime).
 */
export function identityMailReactor(deps: IdentityMailDeps, secrets: IdentitySecrets): ReactorDefinition {
  const open = (sealed: string, context: string) => {
    try {
      return secrets.unseal(sealed, context);
    } catch (err) {
      throw new PermanentReactorError('The sealed secret cannot be opened (encryption key changed?)', err);
    }
  };
  const expired = (expiresAt: string) => Date.parse(expiresAt) <= deps.clock.now().getTime();

  return {
    name: 'identity-mail',
    handles: ['OtpIssued', 'OtpResent', 'PasswordResetRequested'],
    maxAttempts: 8,
    async handle(event: RecordedEvent, ctx) {
      if (event.type === 'OtpIssued' || event.type === 'OtpResent') {
        const data = (event.type === 'OtpIssued' ? OtpIssuedSchema : OtpResentSchema).parse(event.data);
        if (expired(data.expiresAt)) return void deps.logger?.info({ eventId: event.id }, 'OTP expired before it was mailed; skipped');
        await deps.mailer.send(otpMail(data.email, open(data.sealedCode, data.challengeId)));
      } else if (event.type === 'PasswordResetRequested') {
        const data = PasswordResetRequestedSchema.parse(event.data);
        if (expired(data.expiresAt)) return void deps.logger?.info({ eventId: event.id }, 'Reset link expired before it was mailed; skipped');
        const token = open(data.sealedToken, data.requestId);
        const link = resetLink(data.linkBase ?? deps.config.publicUrl, data.email, token);
        const mail =
          data.purpose === 'invitation'
            ? invitationMail(data.email, `${link}&invitation=1`, data.invitedBy ?? 'Your company')
            : passwordResetMail(data.email, link);
        await sendRecorded(ctx, event, data, () => deps.mailer.send(mail));
      }
    },
  };

  /**
   * The outcome goes on the user's stream, where the request was made, so the route that asked
   * can tell the admin what the mail server did. The first failure is recorded and rethrown: the
   * runtime retries it (a later success is recorded too) and parks it when it gives up.
   */
  async function sendRecorded(ctx: ReactorContext, event: RecordedEvent, data: { userId: string; requestId: string }, send: () => Promise<unknown>) {
    const at = () => deps.clock.now().toISOString();
    const options = { companyId: event.metadata.companyId ?? null };
    try {
      await send();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await ctx.append(
        userStream(data.userId),
        [{ type: 'PasswordResetMailFailed', data: { userId: data.userId, requestId: data.requestId, message, failedAt: at() } }],
        { ...options, key: 'failed' },
      );
      throw err;
    }
    await ctx.append(userStream(data.userId), [{ type: 'PasswordResetMailSent', data: { userId: data.userId, requestId: data.requestId, sentAt: at() } }], {
      ...options,
      key: 'sent',
    });
  }
}
