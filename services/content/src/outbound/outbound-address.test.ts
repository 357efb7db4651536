import { describe, expect, it } from 'vitest';
import { hostAllowed, isPrivateAddress, parseAllowedHosts, refusedLiteral } from './outbound-address.js';

describe('outbound address check', () => {
  it('refuses this machine, the private networks, link-local and mapped forms of them', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip']) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('allows a private address only for a host the operator lists (name, name:port or *)', () => {
    const hosts = parseAllowedHosts(' Receiver.Local:8080 , ,127.0.0.1 ');
    expect(hosts).toEqual(['receiver.local:8080', '127.0.0.1']);
    expect(hostAllowed(new URL('http://receiver.local:8080/hook'), hosts)).toBe(true);
    expect(hostAllowed(new URL('http://receiver.local:9090/hook'), hosts)).toBe(false);
    expect(hostAllowed(new URL('http://10.0.0.1/'), ['*'])).toBe(true);
    expect(refusedLiteral(new URL('http://[::1]:80/'), false)).toBe(true);
    expect(refusedLiteral(new URL('http://127.0.0.1/'), true)).toBe(false);
    expect(refusedLiteral(new URL('http://example.com/'), false)).toBe(false);
  });
});
