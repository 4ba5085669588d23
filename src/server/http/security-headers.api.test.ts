import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { HSTS_HEADER } from './security-headers';

/** Headers of GET /api/health as `sut` answers a request with these headers (inject's socket is plain HTTP). */
async function headersOf(sut: TestApp, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return (await sut.app.inject({ method: 'GET', url: '/api/health', headers, remoteAddress })).headers;
}

describe('security headers (docs/SECURITY.md, "What an SOS text contains, and hygiene")', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    // inject's requests come from 127.0.0.1: the proxy on this machine.
    proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('sends HSTS when a trusted proxy says the client came over TLS', async () => {
    const headers = await headersOf(proxied, { 'x-forwarded-proto': 'https' });
    expect(headers['strict-transport-security']).toBe(HSTS_HEADER);
  });

  it('sends no HSTS over plain HTTP, behind a proxy or not', async () => {
    expect(
      (await headersOf(proxied, { 'x-forwarded-proto': 'http' }))['strict-transport-security'],
    ).toBeUndefined();
    expect((await headersOf(proxied))['strict-transport-security']).toBeUndefined();
    expect((await headersOf(direct))['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto when TRUST_PROXY is off (a client cannot claim TLS)', async () => {
    const headers = await headersOf(direct, { 'x-forwarded-proto': 'https' });
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('ignores X-Forwarded-Proto from a client that is not a listed proxy', async () => {
    const headers = await headersOf(proxied, { 'x-forwarded-proto': 'https' }, '203.0.113.1');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it('allows the position, the camera and the microphone for Beacon itself and switches the other powerful features off', async () => {
    const policy = String((await headersOf(direct))['permissions-policy']);
    const entries = new Map(policy.split(/,\s*/).map((entry) => entry.split('=') as [string, string]));
    expect(entries.get('geolocation')).toBe('(self)');
    expect(entries.get('camera')).toBe('(self)');
    // Emergency recording records sound: without it, a camera stream comes back without its sound.
    expect(entries.get('microphone')).toBe('(self)');
    for (const feature of ['payment', 'usb', 'serial', 'bluetooth', 'display-capture']) {
      expect(entries.get(feature), feature).toBe('()');
    }
    // Nothing is granted to another origin.
    expect([...entries.values()].every((value) => value === '()' || value === '(self)')).toBe(true);
  });

  it("limits connect-src to Beacon's own origin (its API and its WebSocket)", async () => {
    const csp = String((await headersOf(direct))['content-security-policy']);
    const connect = csp.split(';').find((directive) => directive.trim().startsWith('connect-src'));
    expect(connect?.trim()).toBe("connect-src 'self'");
  });

  it('sends the same headers on a client page as on the API', async () => {
    const res = await direct.app.inject({ method: 'GET', url: '/missing.js' });
    expect(res.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'");
  });
});
