/**
 * TRUST_PROXY names the proxies whose forwarding headers count. A client that reaches the port directly (Beacon
 * listens on 0.0.0.0 by default) and writes X-Forwarded-For itself is its socket address: it cannot pose as a fresh
 * address for every sign-in guess. Observed through sign-in throttling, which counts per account and address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { signUpViaApi, type SignedUpUser } from '../testing/test-auth';

const PROXIES = '10.0.0.2, 10.8.0.0/16';
const ATTACKER = '198.51.100.9';

describe('client addresses with TRUST_PROXY naming the proxies', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ TRUST_PROXY: PROXIES, AUTH_MAX_FAILED_SIGNINS: '3' });
  });
  afterAll(() => sut?.close());

  // Each test guesses at its own account, so the account-wide slowdown of decision 012 stays out of the way.
  let person: SignedUpUser;
  beforeEach(async () => {
    person = await signUpViaApi(sut, { remoteAddress: '10.1.0.1' });
  });

  const guess = (remoteAddress: string, headers: Record<string, string> = {}) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: person.email, password: 'wrong-password-here' },
      headers,
      remoteAddress,
    });

  it('ignores X-Forwarded-For from an address that is not a proxy: its guesses are refused as without it', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await guess(ATTACKER, { 'x-forwarded-for': `192.0.2.${i}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await guess(ATTACKER, { 'x-forwarded-for': '192.0.2.4' })).statusCode).toBe(429);
    expect((await guess(ATTACKER, { forwarded: 'for=192.0.2.5', 'x-real-ip': '192.0.2.5' })).statusCode).toBe(
      429,
    );
    expect((await guess(ATTACKER)).statusCode).toBe(429);
  });

  it('counts the client a listed proxy forwards, through every listed hop', async () => {
    // Through the first proxy and then one in the listed range: the client is the first address not listed.
    const viaProxies = (client: string) => guess('10.0.0.2', { 'x-forwarded-for': `${client}, 10.8.3.4` });
    for (let i = 1; i <= 3; i++) expect((await viaProxies('203.0.113.7')).statusCode).toBe(400);
    expect((await viaProxies('203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxies is someone else.
    expect((await viaProxies('203.0.113.8')).statusCode).toBe(400);
    // A client behind the proxies writing a listed proxy's address as its own is still itself.
    expect((await viaProxies('10.0.0.2, 203.0.113.7')).statusCode).toBe(429);
  });
});
