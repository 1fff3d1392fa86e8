import { describe, expect, it } from 'vitest';
import { publicBaseOf } from './route-handler';

describe('publicBaseOf', () => {
  it('follows the origin the request reached Locus at when LOCUS_PUBLIC_URL is not set', () => {
    expect(publicBaseOf({ publicUrl: 'http://localhost:8080', publicUrlFixed: false }, { origin: 'http://127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
  });

  it('uses LOCUS_PUBLIC_URL when set, whatever the request says', () => {
    expect(publicBaseOf({ publicUrl: 'https://locus.example.com/', publicUrlFixed: true }, { origin: 'http://evil.test' })).toBe('https://locus.example.com');
  });

  it('falls back to the configured URL for a request without a Host', () => {
    expect(publicBaseOf({ publicUrl: 'http://localhost:8080', publicUrlFixed: false }, {})).toBe('http://localhost:8080');
  });
});
