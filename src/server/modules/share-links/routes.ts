import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  ShareCodeParamsSchema,
  ShareLinkListResponseSchema,
  ShareLinkSchema,
  TrackResponseSchema,
  UpdateShareLinkRequestSchema,
} from '#shared/schemas/share-link';
import { callerOf } from '../../http/access';
import type { ShareLinkService } from './service';

/**
 * The caller's share links (/api/share-links) and the public tracking view (/api/track/:shareCode, no sign-in:
 * holding the unguessable code is the permission). Thin: each handler is one service call.
 */
export const shareLinkRoutes =
  (service: ShareLinkService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/share-links',
      { config: { access: 'signed-in' }, schema: { response: { 201: ShareLinkSchema } } },
      async (request, reply) => reply.status(201).send(await service.create(callerOf(request))),
    );

    app.get(
      '/api/share-links',
      { config: { access: 'signed-in' }, schema: { response: { 200: ShareLinkListResponseSchema } } },
      async (request) => ({ links: await service.list(callerOf(request)) }),
    );

    app.patch(
      '/api/share-links/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          params: IdParamsSchema,
          body: UpdateShareLinkRequestSchema,
          response: { 200: ShareLinkSchema },
        },
      },
      (request) => service.revoke(callerOf(request), request.params.id),
    );

    app.delete(
      '/api/share-links/:id',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        await service.revoke(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/track/:shareCode',
      {
        config: { access: 'public', errors: ['link_expired', 'link_inactive'] },
        schema: { params: ShareCodeParamsSchema, response: { 200: TrackResponseSchema } },
      },
      (request) =>
        service.track(request.params.shareCode, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
    );
  };
