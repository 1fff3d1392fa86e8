import { describe, expect, it } from 'vitest';
import { endsLiveSession } from './session-ender';

const session = { userId: 'u1', companyId: 'c1', tokenId: 't1' };
const viewing = { userId: 'company-admin', companyId: 'c1', tokenId: 't9', adminUserId: 'root' };

describe('which live sessions a logout notification ends', () => {
  it('a user notification: all of that user’s sessions, but the kept one, or only the one logged out of', () => {
    expect(endsLiveSession('user', { UserId: 'u1' }, session)).toBe(true);
    expect(endsLiveSession('user', { UserId: 'u2' }, session)).toBe(false);
    expect(endsLiveSession('user', { UserId: 'u1', ExceptTokenId: 't1' }, session)).toBe(false);
    expect(endsLiveSession('user', { UserId: 'u1', ExceptTokenId: 't2' }, session)).toBe(true);
    expect(endsLiveSession('user', { UserId: 'u1', TokenId: 't1' }, session)).toBe(true);
    expect(endsLiveSession('user', { UserId: 'u1', TokenId: 't2' }, session)).toBe(false);
    expect(endsLiveSession('user', {}, session)).toBe(false);
  });

  it('an administrator viewing a company ends with the administrator', () => {
    expect(endsLiveSession('user', { UserId: 'root' }, viewing)).toBe(true);
    expect(endsLiveSession('user', { UserId: 'root', ExceptTokenId: 't9' }, viewing)).toBe(false);
  });

  it('a company notification: every session in that company', () => {
    expect(endsLiveSession('company', { UserId: '', CompanyId: 'c1' }, session)).toBe(true);
    expect(endsLiveSession('company', { UserId: '', CompanyId: 'c2' }, session)).toBe(false);
    expect(endsLiveSession('company', { UserId: '' }, { ...session, companyId: null })).toBe(false);
  });
});
