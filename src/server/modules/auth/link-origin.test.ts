import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { linkOrigin } from './link-origin';

const request = (protocol: string, host: string): FastifyRequest =>
  ({ protocol, host }) as unknown as FastifyRequest;

describe('linkOrigin', () => {
  it('prefers PUBLIC_URL, without a trailing slash', () => {
    expect(linkOrigin(request('http', 'evil.example'), 'https://beacon.example.org/')).toBe(
      'https://beacon.example.org',
    );
  });

  it("falls back to the request's protocol and host", () => {
    expect(linkOrigin(request('https', 'beacon.local:8443'), undefined)).toBe('https://beacon.local:8443');
    expect(linkOrigin(request('http', '[::1]:3000'), undefined)).toBe('http://[::1]:3000');
  });

  it('ignores a Host header that is not a plain host name', () => {
    for (const host of [
      'evil.example/path',
      'a b',
      'x@evil.example',
      '',
      'evil.example:99999999',
      'a\r\nb',
    ]) {
      expect(linkOrigin(request('http', host), undefined)).toBe('http://localhost');
    }
    expect(linkOrigin(request('javascript', 'beacon.local'), undefined)).toBe('http://beacon.local');
  });
});
