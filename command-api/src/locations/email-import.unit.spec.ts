import { describe, expect, it } from 'vitest';
import { parseEmailCsv } from './email-import';

const csv = (...rows: string[]) => ['FirstName,LastName,StoreCode,EmailAddress', ...rows].join('\n');

describe('CSV e-mail import', () => {
  it('takes an address only as every other e-mail field would: length and characters checked', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    const parsed = parseEmailCsv(
      csv(
        'Ann,Lee,S1,ann@example.com',
        `Bob,Ray,S2,${long}`,
        'Cy,Fox,S3,"<script>x</script>@evil.example.com"',
        'Di,Orr,S4,"di,orr@example.com"',
        'Ed,Poe,S5,ed@exa mple.com',
        'Fi,Roe,S6,fi@example..com',
      ),
    );
    expect(parsed.rows.map((r) => r.storeCode)).toEqual(['S1']);
    expect(parsed.invalidEmails).toEqual([long, '<script>x</script>@evil.example.com', 'di,orr@example.com', 'ed@exa mple.com', 'fi@example..com']);
  });
});
