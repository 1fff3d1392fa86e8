import { describe, expect, it } from 'vitest';
import { subjects } from '@locus/contracts';

describe('live subjects', () => {
  it('route company changes to the company scope and null-company changes to the admin scope', () => {
    expect(subjects.changed('c1', 'users')).toBe('live.company.c1.changed.users');
    expect(subjects.changed(null, 'companies')).toBe('live.admin.changed.companies');
  });
});
