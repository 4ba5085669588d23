import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { tileCspSource } from '#shared/map-tiles';

/**
 * Security headers. The CSP allows only what the app loads: its own scripts and styles, map tiles and images
 * from the configured tile server (VITE_TILE_URL), and its own API and WebSocket.
 */
export async function registerSecurityHeaders(app: FastifyInstance, tileUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileCspSource(tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
    hsts: false,
  });
}
