import type { Mailer, MailMessage } from '../runtime/deps';

/** Keeps sent mail in memory (tests, tools). */
export function createMemoryMailer(): Mailer & {
  sent: MailMessage[];
  waitFor(predicate: (m: MailMessage) => boolean, timeoutMs?: number): Promise<MailMessage>;
} {
  const sent: MailMessage[] = [];
  const waiters: { predicate: (m: MailMessage) => boolean; resolve: (m: MailMessage) => void }[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
      for (const w of [...waiters]) {
        if (w.predicate(mail)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(mail);
        }
      }
    },
    waitFor(predicate, timeoutMs = 5000) {
      const found = sent.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<MailMessage>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: MailMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error('No matching mail was sent in time'));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
  };
}
