import { EventEmitter } from 'node:events';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml, htmlPage } from '../kit/html';
import type { SandboxEnv, SandboxModule } from '../kit/module';
import { createRouteTable } from '../kit/routes';
import { createSnapshotFile } from '../kit/snapshot';

export interface MailboxMessage {
  id: string;
  receivedAt: string;
  messageId?: string;
  from: string;
  to: string[];
  cc: string[];
  /** SMTP envelope recipients (include Bcc). */
  envelopeTo: string[];
  subject: string;
  text: string;
  html?: string;
  attachments: { filename?: string; contentType: string; size: number }[];
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` as sent (raw values), when the mail has them. */
  listUnsubscribe?: { link: string; post: string | null };
}

const rawHeader = (lines: readonly { key: string; line: string }[], key: string) => {
  const found = lines.find((l) => l.key === key);
  return found
    ? found.line
        .slice(found.line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim()
    : null;
};

export interface MailboxModule extends SandboxModule {
  /** The SMTP port actually listened on. */
  smtpPort(): number;
  messages(): readonly MailboxMessage[];
}

const MAX_MESSAGES = 2000;

const formatFrom = (a: AddressObject | undefined) => {
  const v = a?.value[0];
  if (!v?.address) return undefined;
  return v.name ? `${v.name} <${v.address}>` : v.address;
};

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => (v.address ?? '').toLowerCase()).filter(Boolean));

/** SMTP mailbox: receives mail on the SMTP port, shows it at /mailbox, serves it as JSON at /mailbox/api/messages. */
export function createMailboxModule(env: SandboxEnv): MailboxModule {
  const snapshot = createSnapshotFile<{ messages: MailboxMessage[] }>(path.join(env.dataDir, 'mailbox.json'));
  let messages: MailboxMessage[] = snapshot.load()?.messages ?? [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let listeningPort = env.smtpPort;
  // `POST /mailbox/api/fail-next`: the next messages are refused with this SMTP reply (tests of retries and parked events).
  const failures = { count: 0, status: 451 };

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 25 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'sandbox' });
    },
    onData(stream, session, callback) {
      if (failures.count > 0) {
        failures.count--;
        const refused = Object.assign(new Error('Sandbox: message refused (fail-next)'), { responseCode: failures.status });
        stream.on('end', () => callback(refused));
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const message: MailboxMessage = {
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            ...(parsed.messageId ? { messageId: parsed.messageId } : {}),
            from: formatFrom(parsed.from) ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: addresses(parsed.to),
            cc: addresses(parsed.cc),
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            ...(typeof parsed.html === 'string' ? { html: parsed.html } : {}),
            attachments: parsed.attachments.map((a) => ({ ...(a.filename ? { filename: a.filename } : {}), contentType: a.contentType, size: a.size })),
          };
          const unsubscribe = rawHeader(parsed.headerLines, 'list-unsubscribe');
          if (unsubscribe) message.listUnsubscribe = { link: unsubscribe.replace(/^<|>$/g, ''), post: rawHeader(parsed.headerLines, 'list-unsubscribe-post') };
          messages.push(message);
          if (messages.length > MAX_MESSAGES) messages = messages.slice(-MAX_MESSAGES);
          snapshot.schedule(() => ({ messages }));
          arrivals.emit('message', message);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });

  const matches = (m: MailboxMessage, to: string | undefined) => {
    if (!to) return true;
    const want = to.toLowerCase();
    return m.to.includes(want) || m.cc.includes(want) || m.envelopeTo.includes(want);
  };
  const newestFirst = (to?: string) => messages.filter((m) => matches(m, to)).reverse();

  const waitFor = (to: string | undefined, ms: number) =>
    new Promise<void>((resolve) => {
      if (newestFirst(to).length) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        arrivals.off('message', onMessage);
        resolve();
      }
      function onMessage(m: MailboxMessage) {
        if (matches(m, to)) done();
      }
      arrivals.on('message', onMessage);
    });

  const routes = createRouteTable();
  const q = (ctx: Koa.Context, name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);

  routes.add('GET', '/mailbox/api/messages', async (ctx) => {
    const to = q(ctx, 'to');
    const waitMs = Math.min(10_000, Math.max(0, Number(q(ctx, 'waitMs') ?? 0) || 0));
    if (waitMs) await waitFor(to, waitMs);
    const list = newestFirst(to);
    ctx.body = { total: list.length, messages: list };
  });
  routes.add('GET', '/mailbox/api/messages/{id}', (ctx, p) => {
    const m = messages.find((x) => x.id === p.id);
    if (!m) {
      ctx.status = 404;
      ctx.body = { error: 'not_found', message: `No message ${p.id}` };
      return;
    }
    ctx.body = m;
  });
  const clear = (to: string | undefined) => {
    const before = messages.length;
    messages = to ? messages.filter((m) => !matches(m, to)) : [];
    snapshot.schedule(() => ({ messages }));
    return before - messages.length;
  };
  routes.add('DELETE', '/mailbox/api/messages', (ctx) => {
    ctx.body = { deleted: clear(q(ctx, 'to')) };
  });
  routes.add('DELETE', '/mailbox/api/messages/{id}', (ctx, p) => {
    const before = messages.length;
    messages = messages.filter((m) => m.id !== p.id);
    snapshot.schedule(() => ({ messages }));
    ctx.body = { deleted: before - messages.length };
  });
  routes.add('POST', '/mailbox/api/fail-next', (ctx) => {
    const count = Number(q(ctx, 'count') ?? 1);
    const status = Number(q(ctx, 'status') ?? 451);
    if (!Number.isInteger(count) || count < 0 || count > 1000 || !Number.isInteger(status) || status < 400 || status > 599) {
      ctx.status = 400;
      ctx.body = { error: 'bad_request', message: 'count must be 0–1000 and status an SMTP error code (400–599)' };
      return;
    }
    failures.count = count;
    failures.status = status;
    ctx.body = failures;
  });
  routes.add('POST', '/mailbox/clear', (ctx) => {
    clear(undefined);
    ctx.redirect('/mailbox');
  });

  routes.add('GET', '/mailbox', (ctx) => {
    const to = q(ctx, 'to');
    const list = newestFirst(to);
    const rows = list
      .map(
        (m) => `<tr>
  <td class="muted">${escapeHtml(new Date(m.receivedAt).toLocaleString('en-US'))}</td>
  <td>${escapeHtml([...m.to, ...m.cc].join(', ') || m.envelopeTo.join(', '))}</td>
  <td>${escapeHtml(m.from)}</td>
  <td><a href="/mailbox/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
</tr>`,
      )
      .join('\n');
    ctx.type = 'html';
    ctx.body = htmlPage(
      'Mailbox',
      `<header><span class="brand">Sandbox mailbox</span><span class="muted">SMTP 127.0.0.1:${listeningPort}</span></header>
<main>
<form method="get" action="/mailbox" style="display:flex;gap:8px;margin-bottom:12px">
  <input name="to" placeholder="Filter by recipient" value="${escapeHtml(to ?? '')}" style="flex:1;padding:8px">
  <button type="submit">Filter</button> <a class="btn" href="/mailbox">Refresh</a>
</form>
<form method="post" action="/mailbox/clear" style="margin-bottom:12px"><button type="submit">Delete all messages</button></form>
<p class="muted">${list.length} message(s)</p>
<table><thead><tr><th>Received</th><th>To</th><th>From</th><th>Subject</th></tr></thead>
<tbody>${rows || '<tr><td colspan="4" class="muted">No messages yet.</td></tr>'}</tbody></table>
</main>`,
    );
  });

  routes.add('GET', '/mailbox/messages/{id}', (ctx, p) => {
    const m = messages.find((x) => x.id === p.id);
    ctx.type = 'html';
    if (!m) {
      ctx.status = 404;
      ctx.body = htmlPage('Not found', '<main><div class="card">Message not found. <a href="/mailbox">Back to the mailbox</a></div></main>');
      return;
    }
    // The HTML part is shown in a sandboxed iframe (no scripts, no same-origin access).
    const htmlPart = m.html
      ? `<h3>HTML</h3><iframe title="HTML body" sandbox="" referrerpolicy="no-referrer" style="width:100%;height:480px;border:1px solid #dadce0;background:#fff" srcdoc="${escapeHtml(m.html)}"></iframe>`
      : '';
    ctx.set('Content-Security-Policy', "default-src 'none'; img-src * data:; style-src 'unsafe-inline'; frame-src 'self'");
    ctx.body = htmlPage(
      m.subject || '(no subject)',
      `<header><a href="/mailbox">← Mailbox</a></header><main><div class="card">
<h1 style="margin-top:0;font-size:20px">${escapeHtml(m.subject || '(no subject)')}</h1>
<table>
<tr><th>From</th><td>${escapeHtml(m.from)}</td></tr>
<tr><th>To</th><td>${escapeHtml(m.to.join(', '))}</td></tr>
${m.cc.length ? `<tr><th>Cc</th><td>${escapeHtml(m.cc.join(', '))}</td></tr>` : ''}
<tr><th>Received</th><td>${escapeHtml(new Date(m.receivedAt).toLocaleString('en-US'))}</td></tr>
${m.attachments.length ? `<tr><th>Attachments</th><td>${m.attachments.map((a) => escapeHtml(`${a.filename ?? 'attachment'} (${a.contentType}, ${a.size} bytes)`)).join('<br>')}</td></tr>` : ''}
</table>
<h3>Text</h3><pre>${escapeHtml(m.text)}</pre>
${htmlPart}
</div></main>`,
    );
  });

  const middleware: Koa.Middleware = async function mailbox(ctx, next) {
    if (ctx.path !== '/mailbox' && !ctx.path.startsWith('/mailbox/')) return next();
    const hit = routes.match(ctx.method, ctx.path);
    if (!('handler' in hit)) {
      ctx.status = hit.pathMatched ? 405 : 404;
      ctx.body = { error: hit.pathMatched ? 'method_not_allowed' : 'not_found' };
      return;
    }
    await hit.handler(ctx, hit.params);
  };

  return {
    name: 'mailbox',
    prefix: '/mailbox',
    middleware,
    smtpPort: () => listeningPort,
    messages: () => messages,
    summary: () => `SMTP mailbox on port ${listeningPort}: ${messages.length} message(s)`,
    start: () =>
      new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(env.smtpPort, '127.0.0.1', () => {
          smtp.off('error', reject);
          listeningPort = (smtp.server.address() as AddressInfo).port;
          resolve();
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        snapshot.flush();
        smtp.close(() => resolve());
      }),
  };
}
