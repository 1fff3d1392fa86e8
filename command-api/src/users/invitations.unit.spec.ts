import { describe, expect, it } from 'vitest';
import { invitationLinkBase } from './invitations';

describe('invitationLinkBase', () => {
  it('follows the address the admin reached Locus at when LOCUS_PUBLIC_URL is not set', () => {
    expect(invitationLinkBase({ publicUrl: 'http://localhost:8080', publicUrlFixed: false }, { origin: 'http://127.0.0.1:8080' })).toBe(
      'http://127.0.0.1:8080',
    );
  });

  it('leaves the configured URL to the mail when LOCUS_PUBLIC_URL is set, or the request has no Host', () => {
    expect(invitationLinkBase({ publicUrl: 'https://locus.example.com', publicUrlFixed: true }, { origin: 'http://127.0.0.1:8080' })).toBeUndefined();
    expect(invitationLinkBase({ publicUrl: 'http://localhost:8080', publicUrlFixed: false }, {})).toBeUndefined();
  });
});
