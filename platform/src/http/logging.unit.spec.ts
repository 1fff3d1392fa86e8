import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrl } from './logging';
import { fieldName } from './zod-fields';

describe('log redaction', () => {
  it('replaces secret-looking fields at any depth and keeps the rest', () => {
    expect(
      redactSecrets({
        UserName: 'ada',
        Password: 'p',
        ConfirmPassword: 'p',
        CurrentPassword: 'p',
        nested: { clientSecret: 's', accessToken: 't', refresh_token: 'r', otp: '123456', Code: 'abc', StoreCode: 'S-1', list: [{ apiKey: 'k', Title: 'x' }] },
        Authorization: 'Bearer x',
      }),
    ).toEqual({
      UserName: 'ada',
      Password: '[REDACTED]',
      ConfirmPassword: '[REDACTED]',
      CurrentPassword: '[REDACTED]',
      nested: {
        clientSecret: '[REDACTED]',
        accessToken: '[REDACTED]',
        refresh_token: '[REDACTED]',
        otp: '[REDACTED]',
        Code: '[REDACTED]',
        StoreCode: 'S-1',
        list: [{ apiKey: '[REDACTED]', Title: 'x' }],
      },
      Authorization: '[REDACTED]',
    });
    expect(redactSecrets('plain')).toBe('plain');
    expect(redactSecrets(undefined)).toBeUndefined();
  });

  it('censors secret query parameters in logged URLs', () => {
    expect(redactUrl('/forget-password?token=abc&email=a%40b.co')).toBe('/forget-password?token=%5BREDACTED%5D&email=a%40b.co');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});

describe('field names', () => {
  it('joins object keys with dots and indexes with brackets', () => {
    expect(fieldName(['Locations', 0, 'Title'])).toBe('Locations[0].Title');
    expect(fieldName(['PrimaryContact', 'Email'])).toBe('PrimaryContact.Email');
    expect(fieldName([], 'query')).toBe('query');
  });
});
