import { describe, expect, it } from 'vitest';
import { createLinkSigner } from './signed-links';

const now = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-01-02T00:00:00Z');

describe('signed links', () => {
  const signer = createLinkSigner('a'.repeat(40), 'review-approval');

  it('verifies its own link and names the id', () => {
    const token = signer.sign('approval-1', later);
    expect(signer.verify(token, now)).toEqual({ ok: true, id: 'approval-1', expiresAt: later });
  });

  it('refuses a link whose id, expiry or mac was altered', () => {
    const [id, exp, mac] = signer.sign('approval-1', later).split('.') as [string, string, string];
    const otherId = Buffer.from('approval-2').toString('base64url');
    const otherExp = Buffer.from(String(Math.floor(later.getTime() / 1000) + 3600)).toString('base64url');
    expect(signer.verify([otherId, exp, mac].join('.'), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify([id, otherExp, mac].join('.'), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify([id, exp, mac.slice(0, -2) + (mac.endsWith('AA') ? 'BB' : 'AA')].join('.'), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify('not-a-link', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired link, and links of another purpose or key', () => {
    expect(signer.verify(signer.sign('approval-1', now), later)).toEqual({ ok: false, reason: 'expired', id: 'approval-1' });
    const token = signer.sign('approval-1', later);
    expect(createLinkSigner('a'.repeat(40), 'password-reset').verify(token, now).ok).toBe(false);
    expect(createLinkSigner('b'.repeat(40), 'review-approval').verify(token, now).ok).toBe(false);
    expect(createLinkSigner('b'.repeat(40), 'review-approval', ['a'.repeat(40)]).verify(token, now).ok).toBe(true);
  });
});
