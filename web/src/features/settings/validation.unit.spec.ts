import { describe, expect, it } from 'vitest';
import { variableNameProblem, visibleCompanyVariables } from './validation';

const messages = { required: 'required', noSpaces: 'no spaces', taken: 'taken' };

describe('settings rules', () => {
  it('requires a key without spaces, unique among admin variables', () => {
    expect(variableNameProblem('  ', messages)).toBe('required');
    expect(variableNameProblem('Brand Name', messages)).toBe('no spaces');
    expect(variableNameProblem('brandname', messages, ['BrandName'])).toBe('taken');
    expect(variableNameProblem('BrandName', messages, ['BrandName'], 'BrandName')).toBeNull();
    expect(variableNameProblem('Other', messages, ['BrandName'])).toBeNull();
  });

  it('hides entity-typed variables from non-administrators', () => {
    const rows = [{ EntityType: null }, { EntityType: 'Location' }, { EntityType: '' }];
    expect(visibleCompanyVariables(rows, false)).toHaveLength(2);
    expect(visibleCompanyVariables(rows, true)).toHaveLength(3);
  });
});
