import { describe, expect, it } from 'vitest';
import { SESSION_BLOCKS_COLLECTION, endsSession, sessionBlockIds, type SessionBlockDoc } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { sessionBlocksProjection } from './session-blocks-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';

const history = () => {
  const e = recorder();
  return [
    e('UserDeactivated', { userId: 'u1', companyId: 'c1' }, 'c1'),
    e('UserDeactivated', { userId: 'u2', companyId: 'c1' }, 'c1'),
    e('UserActivated', { userId: 'u2', companyId: 'c1' }, 'c1'),
    e('UserDeleted', { userId: 'u3', companyId: 'c1', reason: 'deleted' }, 'c1'),
    e('CompanyDeactivated', { companyId: 'c2' }, 'c2'),
    e('CompanyDeactivated', { companyId: 'c3' }, 'c3'),
    e('CompanyActivated', { companyId: 'c3' }, 'c3'),
    e('CompanyDeleted', { companyId: 'c4' }, 'c4'),
  ];
};

describe('session blocks projection', () => {
  it('blocks deactivated and deleted users and companies, unblocks reactivated ones', async () => {
    const docs = (await foldInMemory(sessionBlocksProjection, history())).get(SESSION_BLOCKS_COLLECTION)!;
    expect(docs.map((d) => `${d._id}=${d.reason}`).sort()).toEqual(['company:c2=deactivated', 'company:c4=deleted', 'user:u1=deactivated', 'user:u3=deleted']);
    expect(docs.every((d) => 'companyId' in d)).toBe(true);
  });

  it('names what ends a session: the user, the company, and the viewing administrator', () => {
    expect(sessionBlockIds({ userId: 'u', companyId: 'c', viewingAsAdmin: true, adminUserId: 'a' })).toEqual([
      'user:u',
      'sessions:u',
      'company:c',
      'user:a',
      'sessions:a',
    ]);
    expect(sessionBlockIds({ userId: 'a', companyId: null })).toEqual(['user:a', 'sessions:a']);
  });

  it('ends the sessions signed in before a password change or reset, but the one that changed it', async () => {
    const e = recorder();
    const docs = (
      await foldInMemory(sessionBlocksProjection, [
        e('PasswordChanged', { userId: 'u1', passwordHash: 'h', reason: 'profile', keepTokenId: 't-kept' }, 'c1'),
        e('PasswordChanged', { userId: 'u2', passwordHash: 'h', reason: 'reset-link', resetRequestId: 'r1' }, 'c1'),
      ])
    ).get(SESSION_BLOCKS_COLLECTION)! as SessionBlockDoc[];
    const changed = docs.find((d) => d._id === 'sessions:u1')!;
    const reset = docs.find((d) => d._id === 'sessions:u2')!;
    expect(changed).toMatchObject({ kind: 'sessions', reason: 'password-changed', keepTokenId: 't-kept', companyId: 'c1' });
    expect(reset.keepTokenId).toBeUndefined();

    const at = (block: typeof changed, offsetMs: number) => Date.parse(block.since) / 1000 + offsetMs / 1000;
    const session = (tokenId: string, issuedAt: number) => ({ userId: 'u1', companyId: 'c1', tokenId, issuedAt });
    expect(endsSession(session('t-old', at(changed, -400)), changed)).toBe(true);
    expect(endsSession(session('t-kept', at(changed, -60_000)), changed)).toBe(false);
    // Signed in again a moment after the change, within the same second.
    expect(endsSession(session('t-new', at(changed, 1)), changed)).toBe(false);
    expect(endsSession(session('t-old', at(reset, -1)), reset)).toBe(true);
    // Deleted or deactivated principals end every session.
    expect(endsSession(session('t-new', at(changed, 1)), { kind: 'user', since: changed.since })).toBe(true);
  });

  it('gives the same documents when replayed twice', async () => {
    const once = await foldInMemory(sessionBlocksProjection, history());
    expect(await foldInMemory(sessionBlocksProjection, [...history(), ...history()])).toEqual(once);
  });
});
