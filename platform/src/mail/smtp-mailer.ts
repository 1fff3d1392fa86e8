import nodemailer from 'nodemailer';
import type { LocusConfig, Mailer, MailMessage } from '../runtime/deps';
import { operationMetrics } from '../metrics/operation-metrics';

export type SmtpConfig = LocusConfig['smtp'];

/**
 * Mailer over SMTP (nodemailer). Plain unauthenticated SMTP (the sandbox mailbox, a local relay)
 * is used as is; with credentials STARTTLS is required so they never travel in clear, and
 * `secure` means implicit TLS (port 465).
 */
export function createSmtpMailer(smtp: SmtpConfig, options: { timeoutMs?: number } = {}): Mailer & { close(): void } {
  const timeout = options.timeoutMs ?? 15_000;
  const authenticated = Boolean(smtp.user);
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(authenticated ? { auth: { user: smtp.user!, pass: smtp.pass ?? '' }, requireTLS: !smtp.secure } : { ignoreTLS: !smtp.secure }),
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail: MailMessage) {
      try {
        await transport.sendMail({
          from: smtp.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      } catch (err) {
        operationMetrics.mail('failed');
        throw err;
      }
      operationMetrics.mail('sent');
    },
    close() {
      transport.close();
    },
  };
}
