import { describe, expect, it } from 'vitest';
import { deviceKindOf } from './device-kind';
import { networkOf } from './network-of';

describe('networkOf: the network, never the address', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0'],
    ['::ffff:203.0.113.57', '203.0.113.0'],
    ['2001:db8:abcd:12:3456::1', '2001:db8:abcd::'],
    ['2001:0db8:00ab:0012::1', '2001:db8:ab::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an address', 'unknown'],
  ])('%s → %s', (address, network) => {
    expect(networkOf(address)).toBe(network);
  });
});

describe('deviceKindOf: a coarse guess from the User-Agent', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36', 'computer'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120 Safari/537.36', 'computer'],
    ['curl/8.0', 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s → %s', (userAgent, kind) => {
    expect(deviceKindOf(userAgent)).toBe(kind);
  });
});
