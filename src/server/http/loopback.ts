import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** This machine's own addresses: 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string): boolean {
  const mapped = /^::ffff:/i.test(address) ? address.slice('::ffff:'.length) : address;
  if (isIP(mapped) === 4) return mapped.startsWith('127.');
  if (isIP(address) !== 6) return false;
  // The URL parser writes every spelling of an IPv6 address one way (0:0:0:0:0:0:0:1 → ::1).
  return new URL(`http://[${address}]/`).hostname === '[::1]';
}

/**
 * Whether the client, as the server resolves it, is on this machine. Without TRUST_PROXY that is the socket's
 * peer. With TRUST_PROXY every request arrives from the proxy, so Fastify's `ips` lists the proxy and the
 * client it forwards (app.ts trusts one hop): both must be loopback. An `X-Forwarded-For: 127.0.0.1` a remote
 * caller writes itself is an earlier entry, which is not trusted.
 */
export function isLoopbackClient(request: Pick<FastifyRequest, 'ip' | 'ips'>): boolean {
  const chain = request.ips ?? [request.ip];
  return chain.length > 0 && chain.every(isLoopbackAddress);
}
