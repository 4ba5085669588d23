import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  ActiveEscortResponseSchema,
  EscortRouteRequestSchema,
  EscortSessionSchema,
  ExtendEscortRequestSchema,
  StartEscortRequestSchema,
} from '#shared/schemas/journey';
import { callerOf } from '../../http/access';
import type { EscortService } from './escort-service';

/** Escort sessions (docs/PRODUCT.md, "Escort sessions and check-ins on the server"). Thin: one call each. */
export const escortRoutes =
  (service: EscortService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/escort-sessions',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: { body: StartEscortRequestSchema, response: { 201: EscortSessionSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.start(callerOf(request), request.body)),
    );

    app.get(
      '/api/escort-sessions/active',
      { config: { access: 'signed-in' }, schema: { response: { 200: ActiveEscortResponseSchema } } },
      async (request) => ({ session: await service.active(callerOf(request)) }),
    );

    app.post(
      '/api/escort-sessions/:id/route',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: {
          params: IdParamsSchema,
          body: EscortRouteRequestSchema,
          response: { 200: EscortSessionSchema },
        },
      },
      (request) => service.addRoute(callerOf(request), request.params.id, request.body.points),
    );

    app.post(
      '/api/escort-sessions/:id/extend',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: {
          params: IdParamsSchema,
          body: ExtendEscortRequestSchema,
          response: { 200: EscortSessionSchema },
        },
      },
      (request) => service.extend(callerOf(request), request.params.id, request.body.minutes),
    );

    app.post(
      '/api/escort-sessions/:id/complete',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: { params: IdParamsSchema, response: { 200: EscortSessionSchema } },
      },
      (request) => service.complete(callerOf(request), request.params.id),
    );
  };
