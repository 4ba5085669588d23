import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '#shared/schemas/api-error';
import { ERRORS } from '#shared/texts';
import { withAccess } from './access';

/** Vite names every file under assets/ after a hash of its content: a changed file is a new URL. */
const HASHED_ASSET = /^assets[\\/]/;
/** The page, the manifest and the service worker keep their names across releases. */
const REVALIDATED = /\.(html|webmanifest)$|^sw\.js$/;
/** The build's pre-compressed siblings: `index.html.br` is index.html. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * The Cache-Control of a built client file, by its path inside the client folder. Hashed assets may be cached for
 * good; the page, the manifest and the service worker must be revalidated, so a release reaches the phone on its
 * next visit. Other files (icons, registerSW.js) keep @fastify/static's default (`public, max-age=0`).
 */
export function clientCacheControl(relativePath: string): string | undefined {
  const file = relativePath.replace(COMPRESSED_SUFFIX, '');
  if (HASHED_ASSET.test(file)) return 'public, max-age=31536000, immutable';
  if (REVALIDATED.test(file)) return 'no-cache';
  return undefined;
}

/**
 * Serves the built client (public: it is the app itself) and answers every unknown non-API path with
 * index.html, so client routes (including the 404 page) work on reload. Unknown API paths answer JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(clientDir);
  if (hasClient && clientDir !== undefined) {
    const root = clientDir;
    await withAccess(app, 'public', async (scope) => {
      // Wildcard serving looks files up per request, so a rebuilt client is served without a restart.
      await scope.register(fastifyStatic, {
        root,
        index: 'index.html',
        // The build writes a .br and a .gz beside each compressible file (vite.config.ts); the one the browser
        // accepts is sent, with Vary: Accept-Encoding. Compressing at build time costs the server nothing.
        preCompressed: true,
        // (@fastify/static 10 passes the Fastify reply here, despite the type's name.)
        setHeaders: (reply: unknown, filePath: string) => {
          const cacheControl = clientCacheControl(path.relative(root, filePath));
          if (cacheControl) (reply as FastifyReply).header('cache-control', cacheControl);
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    // A missing file (it has an extension: /assets/x.js, /icon.png) is a 404, never index.html, which a
    // browser would reject as a script with the wrong MIME type. Only route-like paths get the app.
    const isFile = /\.[a-z0-9]+$/i.test(urlPath);
    if (urlPath.startsWith('/api/') || isFile || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ error: 'not_found', message: ERRORS.notFound } satisfies ApiError);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
