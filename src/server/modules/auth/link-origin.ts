import type { FastifyRequest } from 'fastify';

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Where e-mailed links point: PUBLIC_URL when set (set it in production: a request's Host header is chosen by
 * the client), otherwise the request's own protocol and host. A Host that is not a plain host name is ignored.
 */
export function linkOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = HOST.test(request.host) ? request.host : 'localhost';
  return `${protocol}://${host}`;
}
