import { describe, expect, it } from 'vitest';
import { chooseDemoAccounts } from './demo';
import type { SandboxGoogleAccount } from './sandbox-consent';

const account = (accountName: string, locationCount: number, role: string, email = 'avery@x.test', type = 'LOCATION_GROUP'): SandboxGoogleAccount => ({
  name: `accounts/${accountName}`,
  accountName,
  type,
  locationCount,
  members: [{ email, role }],
});

describe('demo Google accounts', () => {
  it('connects only accounts the Google user owns, so Delete from Google works on every demo location', () => {
    const { chosen, total } = chooseDemoAccounts(
      [
        account('Bloom', 20, 'SITE_MANAGER'),
        account('Summit', 48, 'PRIMARY_OWNER'),
        account('Realty', 36, 'OWNER'),
        account('Sunrise', 120, 'MANAGER'),
        account('Personal', 3, 'PRIMARY_OWNER', 'avery@x.test', 'PERSONAL'),
        account('Someone else', 10, 'PRIMARY_OWNER', 'maria@x.test'),
      ],
      'Avery@x.test',
    );
    expect(chosen.map((a) => a.accountName)).toEqual(['Realty', 'Summit']);
    expect(total).toBe(84);
  });

  it('keeps the total within 300 locations, smallest accounts first', () => {
    const { chosen } = chooseDemoAccounts([account('Big', 300, 'PRIMARY_OWNER'), account('Small', 24, 'PRIMARY_OWNER')], 'avery@x.test');
    expect(chosen.map((a) => a.accountName)).toEqual(['Small']);
  });
});
