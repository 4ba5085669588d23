import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { tileCspSource } from '#shared/map-tiles';

/** One year, the value browsers' preload lists expect; sent only on answers that came over TLS. */
export const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * The browser features Beacon's pages may use: the position (SOS, live location), the camera and the microphone
 * (emergency recording; a policy without the microphone makes Chromium hand over camera-only streams, silently),
 * all for Beacon's own origin only. Every other powerful feature is switched off, so a script that got in somehow
 * still cannot reach motion sensors, payments or USB. A feature that arrives later (shake detection:
 * accelerometer, gyroscope) is added here with it.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=(self)',
  'microphone=(self)',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
].join(', ');

/**
 * Security headers. The CSP allows only what the app loads: its own scripts and styles, map tiles and images
 * from the configured tile server (VITE_TILE_URL), and its own API and WebSocket. `connect-src 'self'` covers the
 * WebSocket too: CSP level 3 counts ws:/wss: to the page's own host as 'self' (Chromium, Firefox, Safari 15.4+),
 * so no other host can be reached by fetch, XHR or a socket.
 *
 * helmet's middleware is built once, here: its Fastify wrapper built it again for every request (parsing the CSP
 * each time, 3 % of a location upload's CPU, profiled).
 */
export function registerSecurityHeaders(app: FastifyInstance, tileUrl: string): void {
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileCspSource(tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Set below, per request: HSTS over plain HTTP is ignored by browsers and would only mislead.
    hsts: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHelmetHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined ? undefined : error instanceof Error ? error : new Error(String(error))),
    );
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // Fastify's `protocol` is the socket's, unless the socket is a proxy TRUST_PROXY lists: only then does
    // X-Forwarded-Proto count, so a client cannot talk a plain-HTTP server into claiming TLS.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_HEADER);
  });
}
