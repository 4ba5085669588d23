import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config';

/**
 * How long a connection may take, set on the Node server Fastify creates (the values are `HTTP_*_TIMEOUT_MS`,
 * config.ts). Node's own defaults let a client take 5 minutes over a request and Fastify's take forever, so a few
 * connections that send their headers and then a byte now and then would be held open as long as they like:
 *
 * - headers: the request line and headers must have arrived within `headersTimeoutMs` of its first byte;
 * - the whole request, body included, within `requestTimeoutMs` (Node answers 408 and closes the connection);
 * - idle: a connection on which nothing moves for `idleTimeoutMs` is closed, between two requests of a
 *   keep-alive connection and while a request is open (a client that stopped reading its answer). Longer than any
 *   answer's silent wait (config.ts checks) and than the usual reverse proxy's idle time-out (60 s), so a proxy
 *   never sends a request on a connection the server is closing at that moment.
 *
 * A WebSocket (`/api/realtime`) is no longer an HTTP request once upgraded: none of these apply to it, and its
 * own heartbeat (a ping every 25 s) drops it when the other side is gone.
 */
export function connectionOptions(
  http: Config['http'],
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'http'> {
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.idleTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    http: {
      headersTimeout: http.headersTimeoutMs,
      // Node looks for requests past these time-outs only this often (30 s by default).
      connectionsCheckingInterval: checkingIntervalMs(http),
    },
  };
}

/** How often the headers and request time-outs are checked: a request is cut off at most this late. */
export function checkingIntervalMs(http: Pick<Config['http'], 'headersTimeoutMs'>): number {
  return Math.min(1000, Math.max(10, Math.floor(http.headersTimeoutMs / 4)));
}
