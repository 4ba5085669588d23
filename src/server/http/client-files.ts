import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ApiError } from '#shared/schemas/api-error';
import { ERRORS } from '#shared/texts';

/**
 * Serves the built client and answers every unknown non-API path with index.html, so client routes
 * (including the 404 page) work on reload. Unknown API paths answer JSON 404.
 */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(clientDir);
  if (hasClient) {
    await app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || !hasClient || request.method !== 'GET') {
      return reply.status(404).send({ error: 'not_found', message: ERRORS.notFound } satisfies ApiError);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
