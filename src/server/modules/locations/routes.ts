import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LatestLocationResponseSchema,
  LocationIngestRequestSchema,
  LocationIngestResponseSchema,
  LocationRouteResponseSchema,
  LocationSubjectQuerySchema,
} from '#shared/schemas/location';
import { requireAuth } from '../../http/authenticate';
import type { LocationService } from './service';

/** POST /api/locations (the caller's readings) and reads of the caller's or an active ward's positions. */
export const locationRoutes =
  (service: LocationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async (request) => {
      requireAuth(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/locations',
      { schema: { body: LocationIngestRequestSchema, response: { 200: LocationIngestResponseSchema } } },
      (request) => service.ingest(requireAuth(request), request.body.readings),
    );

    app.get(
      '/api/locations/latest',
      {
        schema: { querystring: LocationSubjectQuerySchema, response: { 200: LatestLocationResponseSchema } },
      },
      (request) => service.latest(requireAuth(request), request.query.userId),
    );

    app.get(
      '/api/locations/route',
      { schema: { querystring: LocationSubjectQuerySchema, response: { 200: LocationRouteResponseSchema } } },
      (request) => service.route(requireAuth(request), request.query.userId),
    );
  };
