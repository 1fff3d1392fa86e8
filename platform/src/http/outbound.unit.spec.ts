import { describe, expect, it } from 'vitest';
import { checkOutboundUrl, isPublicAddress, OutboundUrlError } from './outbound';

const strict = { allowPrivate: false };

describe('outbound URL guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPublicAddress(address)).toBe(false));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) =>
    expect(isPublicAddress(address)).toBe(true),
  );

  it('takes http(s) only, no credentials, no literal private address or localhost unless allowed', () => {
    const reason = (url: string) => {
      try {
        checkOutboundUrl(url, strict);
        return 'ok';
      } catch (err) {
        return err instanceof OutboundUrlError ? err.reason : 'other';
      }
    };
    expect(reason('https://api.example.com/v1')).toBe('ok');
    expect(reason('file:///etc/passwd')).toBe('scheme');
    expect(reason('gopher://example.com/')).toBe('scheme');
    expect(reason('not a url')).toBe('scheme');
    expect(reason('http://user:pw@example.com/')).toBe('credentials');
    expect(reason('http://127.0.0.1:8080/v1')).toBe('address');
    expect(reason('http://[::1]/v1')).toBe('address');
    expect(reason('http://[::ffff:169.254.169.254]/latest')).toBe('address');
    expect(reason('http://localhost:3000/')).toBe('address');
    expect(reason('http://2130706433/')).toBe('address');
    expect(checkOutboundUrl('http://127.0.0.1:8080/v1', { allowPrivate: true }).port).toBe('8080');
  });

  it('names the rule in its message, never the address', () => {
    expect(() => checkOutboundUrl('http://10.0.0.5/', strict)).toThrow(/private, loopback or link-local/);
    try {
      checkOutboundUrl('http://10.0.0.5/', strict);
    } catch (err) {
      expect((err as Error).message).not.toContain('10.0.0.5');
    }
  });
});
