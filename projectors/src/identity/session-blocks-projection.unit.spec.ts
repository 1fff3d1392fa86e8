import { describe, expect, it } from 'vitest';
import { SESSION_BLOCKS_COLLECTION, sessionBlockIds } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { sessionBlocksProjection } from './session-blocks-projection';
import { recorder } from '../users/testing/history';

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
    expect(sessionBlockIds({ userId: 'u', companyId: 'c', viewingAsAdmin: true, adminUserId: 'a' })).toEqual(['user:u', 'company:c', 'user:a']);
    expect(sessionBlockIds({ userId: 'a', companyId: null })).toEqual(['user:a']);
  });

  it('gives the same documents when replayed twice', async () => {
    const once = await foldInMemory(sessionBlocksProjection, history());
    expect(await foldInMemory(sessionBlocksProjection, [...history(), ...history()])).toEqual(once);
  });
});
