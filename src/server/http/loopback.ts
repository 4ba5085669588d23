import { isIP } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

/** This machine's own addresses: 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:/i.test(address) ? address.slice('::ffff:'.length) : address;
  if (isIP(mapped) === 4) return mapped.startsWith('127.');
  if (isIP(address) !== 6) return false;
  // The URL parser writes every spelling of an IPv6 address one way (0:0:0:0:0:0:0:1 → ::1).
  return new URL(`http://[${address}]/`).hostname === '[::1]';
}

/** Headers a proxy adds to say whom it forwards (the standard ones, and those common proxies and CDNs use). */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
];

/** Whether the request carries any header by which a proxy says it forwarded it (any `X-Forwarded-*` too). */
export function cameThroughProxy(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some(
    (name) => name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name),
  );
}

/**
 * Whether the request comes from this machine itself: the socket's peer is loopback and no proxy says it
 * forwarded the request. A reverse proxy on the same host connects from 127.0.0.1 on behalf of anyone, so a
 * request that carries a forwarding header is never "this machine", whatever TRUST_PROXY says and whatever
 * address the header names (a client can write `X-Forwarded-For: 127.0.0.1` itself). The socket, not Fastify's
 * `request.ip`, so no header can make a remote client local.
 */
export function isLoopbackClient(request: Pick<FastifyRequest, 'raw' | 'headers'>): boolean {
  return isLoopbackAddress(request.raw.socket?.remoteAddress ?? '') && !cameThroughProxy(request.headers);
}
