import { describe, expect, it } from 'vitest';
import type { Filter } from '../read-store/read-store';
import type { ReadModels } from '../runtime/deps';
import type { AuthContext } from './route-handler';
import { createSessionValidator } from './session-validator';

/** A read model that records the filters it is asked and answers the given blocks. */
function blocksAnswering(blocks: Record<string, unknown>[]) {
  const asked: Filter[] = [];
  const readModels = {
    collection: () => ({
      find: async (filter: Filter) => {
        asked.push(filter);
        const ids = (filter._id as { $in: string[] }).$in;
        return blocks.filter((b) => ids.includes(b._id as string));
      },
    }),
  } as unknown as Pick<ReadModels, 'collection'>;
  return { readModels, asked };
}

const auth = (over: Partial<AuthContext> = {}): AuthContext => ({
  userId: 'u1',
  role: 'CompanyUser',
  companyId: 'c1',
  companyName: 'C',
  viewingAsAdmin: false,
  tokenId: 't1',
  issuedAt: 1,
  ...over,
});

describe('createSessionValidator', () => {
  it('asks for the blocks of each caller, also when a token id comes back with other claims', async () => {
    const { readModels, asked } = blocksAnswering([{ _id: 'user:u2', kind: 'user' }]);
    const validate = createSessionValidator(readModels);
    expect(await validate(auth())).toBe(true);
    expect(await validate(auth())).toBe(true);
    expect(await validate(auth({ userId: 'u2' }))).toBe(false);
    expect(await validate(auth({ viewingAsAdmin: true, adminUserId: 'u2', role: 'CompanyAdmin' }))).toBe(false);
    expect(asked.map((f) => (f._id as { $in: string[] }).$in)).toEqual([
      ['user:u1', 'sessions:u1', 'token:t1', 'company:c1'],
      ['user:u1', 'sessions:u1', 'token:t1', 'company:c1'],
      ['user:u2', 'sessions:u2', 'token:t1', 'company:c1'],
      ['user:u1', 'sessions:u1', 'token:t1', 'company:c1', 'user:u2', 'sessions:u2'],
    ]);
  });

  it('sees a block written after the token was first checked', async () => {
    const blocks: Record<string, unknown>[] = [];
    const { readModels } = blocksAnswering(blocks);
    const validate = createSessionValidator(readModels);
    expect(await validate(auth())).toBe(true);
    blocks.push({ _id: 'company:c1', kind: 'company' });
    expect(await validate(auth())).toBe(false);
  });
});
