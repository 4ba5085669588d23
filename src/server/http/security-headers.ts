import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_TILE_URL } from '#shared/constants';

/** The origin of the default map tile server (the client's VITE_TILE_URL default). */
export const DEFAULT_TILE_ORIGINS = [new URL(DEFAULT_TILE_URL).origin];

/**
 * Security headers. The CSP allows only what the app loads: its own scripts and styles, map tiles and images
 * over https, and its own API and WebSocket. `tileOrigins` lists the configured map tile servers.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  tileOrigins: string[] = DEFAULT_TILE_ORIGINS,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
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
