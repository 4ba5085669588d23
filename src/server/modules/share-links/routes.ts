import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ShareCodeParamsSchema,
  ShareLinkIdParamsSchema,
  ShareLinkListResponseSchema,
  ShareLinkSchema,
  TrackResponseSchema,
  UpdateShareLinkRequestSchema,
} from '#shared/schemas/share-link';
import type { Config } from '../../config';
import { requireAuth } from '../../http/authenticate';
import { linkOrigin } from '../auth/link-origin';
import type { ShareLinkService } from './service';

/**
 * The caller's share links (/api/share-links) and the public tracking view (/api/track/:shareCode, no sign-in:
 * holding the unguessable code is the permission). Thin: each handler is one service call.
 */
export const shareLinkRoutes =
  (service: ShareLinkService, config: Pick<Config, 'publicUrl'>): FastifyPluginAsyncZod =>
  async (app) => {
    const origin = (request: FastifyRequest): string => linkOrigin(request, config.publicUrl);
    const authenticated = async (request: FastifyRequest): Promise<void> => {
      requireAuth(request);
    };
    // Positions and links must never sit in a shared cache.
    app.addHook('onSend', async (_request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/share-links',
      { onRequest: authenticated, schema: { response: { 201: ShareLinkSchema } } },
      async (request, reply) => {
        const link = await service.create(requireAuth(request), origin(request));
        return reply.status(201).send(link);
      },
    );

    app.get(
      '/api/share-links',
      { onRequest: authenticated, schema: { response: { 200: ShareLinkListResponseSchema } } },
      async (request) => ({ links: await service.list(requireAuth(request), origin(request)) }),
    );

    app.patch(
      '/api/share-links/:id',
      {
        onRequest: authenticated,
        schema: {
          params: ShareLinkIdParamsSchema,
          body: UpdateShareLinkRequestSchema,
          response: { 200: ShareLinkSchema },
        },
      },
      (request) => service.revoke(requireAuth(request), request.params.id, origin(request)),
    );

    app.delete(
      '/api/share-links/:id',
      { onRequest: authenticated, schema: { params: ShareLinkIdParamsSchema } },
      async (request, reply) => {
        await service.revoke(requireAuth(request), request.params.id, origin(request));
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/track/:shareCode',
      { schema: { params: ShareCodeParamsSchema, response: { 200: TrackResponseSchema } } },
      (request) => service.track(request.params.shareCode),
    );
  };
