import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LatestLocationResponseSchema,
  LocationIngestRequestSchema,
  LocationIngestResponseSchema,
  LocationRouteResponseSchema,
  LocationSubjectQuerySchema,
} from '#shared/schemas/location';
import { callerOf, unconfirmedCallerOf } from '../../http/access';
import type { LocationService } from './service';

/** POST /api/locations (the caller's readings) and reads of the caller's or an active ward's positions. */
export const locationRoutes =
  (service: LocationService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/locations',
      {
        // The busiest route: the insert itself confirms the session (http/access.ts), one round trip instead of two.
        config: { access: 'signed-in', confirmsSessionInWrite: true },
        schema: { body: LocationIngestRequestSchema, response: { 200: LocationIngestResponseSchema } },
      },
      (request) => service.ingest(unconfirmedCallerOf(request), request.body.readings),
    );

    app.get(
      '/api/locations/latest',
      {
        config: { access: 'signed-in' },
        schema: { querystring: LocationSubjectQuerySchema, response: { 200: LatestLocationResponseSchema } },
      },
      (request) => service.latest(callerOf(request), request.query.userId),
    );

    app.get(
      '/api/locations/route',
      {
        config: { access: 'signed-in' },
        schema: { querystring: LocationSubjectQuerySchema, response: { 200: LocationRouteResponseSchema } },
      },
      (request) => service.route(callerOf(request), request.query.userId),
    );
  };
