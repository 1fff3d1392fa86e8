import { describe, expect, it } from 'vitest';
import { variableNameTaken, visibleCompanyVariables } from './validation';

describe('settings rules', () => {
  it('takes an admin variable name that another variable has, ignoring case, not its own', () => {
    expect(variableNameTaken(' brandname ', ['BrandName'])).toBe(true);
    expect(variableNameTaken('BrandName', ['BrandName'], 'BrandName')).toBe(false);
    expect(variableNameTaken('Other', ['BrandName'])).toBe(false);
    expect(variableNameTaken('  ', ['BrandName'])).toBe(false);
  });

  it('hides entity-typed variables from non-administrators', () => {
    const rows = [{ EntityType: null }, { EntityType: 'Location' }, { EntityType: '' }];
    expect(visibleCompanyVariables(rows, false)).toHaveLength(2);
    expect(visibleCompanyVariables(rows, true)).toHaveLength(3);
  });
});
