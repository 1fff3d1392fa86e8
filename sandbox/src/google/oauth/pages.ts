import { escapeHtml, htmlPage } from '../../kit/html';
import type { GUser } from '../state';

export const BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';

const SCOPE_TEXT: Record<string, string> = {
  [BUSINESS_SCOPE]: 'See, edit, create and delete your Google business listings',
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info, including any personal info you have made publicly available',
  'https://www.googleapis.com/auth/userinfo.email': 'See your primary Google Account email address',
  'https://www.googleapis.com/auth/userinfo.profile': 'See your personal info, including any personal info you have made publicly available',
};

const shell = (title: string, inner: string) =>
  htmlPage(
    title,
    `<main style="max-width:460px;margin:48px auto">
  <div class="card" style="padding:32px">
    <div style="display:flex;align-items:center;gap:8px;margin-bottom:8px">
      <svg width="24" height="24" viewBox="0 0 48 48" aria-hidden="true"><path fill="#4285F4" d="M45 24.5c0-1.6-.1-3.1-.4-4.5H24v8.5h11.8c-.5 2.7-2 5-4.4 6.6v5.5h7.1c4.2-3.9 6.5-9.6 6.5-16.1z"/><path fill="#34A853" d="M24 46c5.9 0 10.9-2 14.5-5.4l-7.1-5.5c-2 1.3-4.5 2.1-7.4 2.1-5.7 0-10.6-3.9-12.3-9.1H4.4v5.7C8 41.1 15.4 46 24 46z"/><path fill="#FBBC05" d="M11.7 28.1c-.4-1.3-.7-2.7-.7-4.1s.3-2.8.7-4.1v-5.7H4.4C2.9 17.2 2 20.5 2 24s.9 6.8 2.4 9.8l7.3-5.7z"/><path fill="#EA4335" d="M24 10.8c3.2 0 6.1 1.1 8.4 3.3l6.3-6.3C34.9 4.2 29.9 2 24 2 15.4 2 8 6.9 4.4 14.2l7.3 5.7c1.7-5.2 6.6-9.1 12.3-9.1z"/></svg>
      <span class="muted">Sign in with Google <em>(Locus sandbox)</em></span>
    </div>
    ${inner}
  </div>
  <p class="muted" style="text-align:center">This page simulates Google's consent screen for local development. No real Google account is used.</p>
</main>`,
  );

export function errorPage(error: string, description: string): string {
  return shell(
    'Error',
    `<h1 style="font-size:22px;font-weight:400">Access blocked: this request is invalid</h1>
     <p class="error"><strong>Error 400: ${escapeHtml(error)}</strong></p>
     <p>${escapeHtml(description)}</p>`,
  );
}

export function chooserPage(opts: {
  users: (GUser & { picture: string })[];
  hidden: Record<string, string>;
  scopes: string[];
  clientId: string;
  loginHint?: string;
}): string {
  const hidden = Object.entries(opts.hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const perms = opts.scopes
    .map((s) => SCOPE_TEXT[s] ?? s)
    .filter((t, i, all) => all.indexOf(t) === i)
    .map((t) => `<li>${escapeHtml(t)}</li>`)
    .join('');
  const rows = opts.users
    .map(
      (
        u,
      ) => `<li class="account${opts.loginHint && opts.loginHint.toLowerCase() === u.email.toLowerCase() ? ' hinted' : ''}" data-email="${escapeHtml(u.email)}">
  <form method="post" action="">
    ${hidden}<input type="hidden" name="sub" value="${escapeHtml(u.sub)}"><input type="hidden" name="decision" value="allow">
    <img src="${escapeHtml(u.picture)}" alt="" width="40" height="40">
    <span class="who"><span class="name">${escapeHtml(u.name)}</span><span class="email">${escapeHtml(u.email)}</span></span>
    <button type="submit" class="primary">Continue as ${escapeHtml(u.givenName)}</button>
  </form>
</li>`,
    )
    .join('\n');
  return shell(
    'Sign in - Google Accounts',
    `<style>
ul.accounts{list-style:none;padding:0;margin:16px 0}
li.account{border-top:1px solid #e8eaed}
li.account:last-child{border-bottom:1px solid #e8eaed}
li.account form{display:flex;align-items:center;gap:12px;padding:12px 4px}
li.account.hinted{background:#e8f0fe}
li.account img{border-radius:50%}
.who{display:flex;flex-direction:column;flex:1}
.who .name{font-weight:500}
.who .email{color:#5f6368;font-size:13px}
</style>
<h1 style="font-size:24px;font-weight:400;margin:8px 0">Choose an account</h1>
<p>to continue to <strong>${escapeHtml(opts.clientId)}</strong></p>
<ul class="accounts">${rows}</ul>
<div class="muted"><p>This app will be able to:</p><ul>${perms}</ul></div>
<form method="post" action="">${hidden}<input type="hidden" name="decision" value="deny"><button type="submit">Cancel</button></form>`,
  );
}
