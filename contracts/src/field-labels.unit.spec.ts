import { describe, expect, it } from 'vitest';
import { labelFieldNames } from './field-labels';

describe('labelFieldNames', () => {
  it('names fields by the labels the forms show', () => {
    expect(labelFieldNames('PrimaryEmail is not a valid email address')).toBe('Primary Email is not a valid email address');
    expect(labelFieldNames('PrimaryPhoneNumber must be a valid US phone number, e.g. (212) 555-0134')).toBe(
      'Primary Phone Number must be a valid US phone number, e.g. (212) 555-0134',
    );
    expect(labelFieldNames('UrlFacebook must be a web address')).toBe('Facebook must be a web address');
    expect(labelFieldNames('MinStars must not be above MaxStars')).toBe('Lowest stars must not be above Highest stars');
  });

  it('leaves other words alone, including longer names that start with a known one', () => {
    expect(labelFieldNames('Passwords do not match.')).toBe('Passwords do not match.');
    expect(labelFieldNames('PrimaryEmailX is odd')).toBe('PrimaryEmailX is odd');
  });
});
