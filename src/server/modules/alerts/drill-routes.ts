import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import { DrillSchema, SafetyNetworkSchema } from '#shared/schemas/safety-network';
import { callerOf } from '../../http/access';
import type { DrillService } from './drill';

/**
 * "Test my safety network" (drill.ts): GET /api/safety-network (who can be reached, and drills left), POST
 * /api/safety-network/drills (201 a new drill; 200 the drill still open; 400 `no_emergency_contacts` with nobody to
 * reach; 429 past the drills a day), GET /api/safety-network/drills/:id and POST /api/safety-network/drills/:id/end
 * (404 for anyone else's). Thin: each handler is one call.
 */
export const drillRoutes =
  (service: DrillService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/safety-network',
      { config: { access: 'signed-in' }, schema: { response: { 200: SafetyNetworkSchema } } },
      (request) => service.network(callerOf(request)),
    );

    app.post(
      '/api/safety-network/drills',
      {
        config: { access: 'signed-in', errors: ['no_emergency_contacts', 'rate_limited'] },
        schema: { response: { 200: DrillSchema, 201: DrillSchema } },
      },
      async (request, reply) => {
        const { drill, created } = await service.start(callerOf(request));
        return reply.status(created ? 201 : 200).send(drill);
      },
    );

    app.get(
      '/api/safety-network/drills/:id',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema, response: { 200: DrillSchema } } },
      (request) => service.read(callerOf(request), request.params.id),
    );

    app.post(
      '/api/safety-network/drills/:id/end',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema, response: { 200: DrillSchema } } },
      (request) => service.end(callerOf(request), request.params.id),
    );
  };
