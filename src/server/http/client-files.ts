import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError } from '#shared/schemas/api-error';
import { ERRORS } from '#shared/texts';
import { withAccess } from './access';

/**
 * Serves the built client (public: it is the app itself) and answers every unknown non-API path with
 * index.html, so client routes (including the 404 page) work on reload. Unknown API paths answer JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(clientDir);
  if (hasClient) {
    await withAccess(app, 'public', async (scope) => {
      // Wildcard serving looks files up per request, so a rebuilt client is served without a restart.
      await scope.register(fastifyStatic, {
        root: clientDir,
        index: 'index.html',
        // Hashed assets may be cached for good; the page and the service worker must be revalidated.
        // (@fastify/static 10 passes the Fastify reply here, despite the type's name.)
        setHeaders: (reply: unknown, filePath: string) => {
          if (/\.(html|webmanifest)$|(^|\/)sw\.js$/.test(filePath)) {
            (reply as FastifyReply).header('cache-control', 'no-cache');
          }
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing file (it has an extension: /assets/x.js, /icon.png) is a 404, never index.html, which a
    // browser would reject as a script with the wrong MIME type. Only route-like paths get the app.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (path.startsWith('/api/') || isFile || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ error: 'not_found', message: ERRORS.notFound } satisfies ApiError);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
