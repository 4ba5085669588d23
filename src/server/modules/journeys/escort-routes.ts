import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  ActiveEscortResponseSchema,
  EscortRouteRequestSchema,
  EscortSessionSchema,
  ExtendEscortRequestSchema,
  StartEscortRequestSchema,
} from '#shared/schemas/journey';
import { OptionalPinBodySchema } from '#shared/schemas/safety-pin';
import { callerOf } from '../../http/access';
import type { EscortService } from './escort-service';

/**
 * What every action on one session takes and answers: its id, and the session as it then stands. A new
 * object for each route, because the app's onRoute hooks write into a route's schema (http/api-contract.ts).
 */
const sessionActionSchema = () => ({ params: IdParamsSchema, response: { 200: EscortSessionSchema } });

/** Escort sessions (docs/PRODUCT.md, "Escort sessions and check-ins on the server"). Thin: one call each. */
export const escortRoutes =
  (service: EscortService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/escort-sessions',
      {
        config: { access: 'signed-in', errors: ['conflict', 'no_emergency_contacts'] },
        schema: { body: StartEscortRequestSchema, response: { 201: EscortSessionSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.start(callerOf(request), request.body)),
    );

    app.get(
      '/api/escort-sessions/active',
      { config: { access: 'signed-in' }, schema: { response: { 200: ActiveEscortResponseSchema } } },
      async (request) => ({ session: await service.active(callerOf(request)) }),
    );

    // Actions on one session: anyone else's answers 404; `conflict` when its state does not allow the action.
    app.post(
      '/api/escort-sessions/:id/route',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: { ...sessionActionSchema(), body: EscortRouteRequestSchema },
      },
      (request) => service.addRoute(callerOf(request), request.params.id, request.body.points),
    );

    // Added time and "I'm safe" race the deadline: `priority` (never behind other people's requests), and they
    // count from `receivedAt`.
    app.post(
      '/api/escort-sessions/:id/extend',
      {
        config: { access: 'signed-in', priority: true, errors: ['conflict'] },
        schema: { ...sessionActionSchema(), body: ExtendEscortRequestSchema },
      },
      (request) =>
        service.extend(callerOf(request), request.params.id, request.body.minutes, request.receivedAt),
    );

    app.post(
      '/api/escort-sessions/:id/complete',
      {
        config: { access: 'signed-in', priority: true, errors: ['conflict', 'pin_wrong', 'rate_limited'] },
        schema: { ...sessionActionSchema(), body: OptionalPinBodySchema },
      },
      (request) =>
        service.complete(callerOf(request), request.params.id, request.receivedAt, request.body?.pin),
    );
  };
