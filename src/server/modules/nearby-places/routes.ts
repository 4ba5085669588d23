import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NearbyPlacesRequestSchema, NearbyPlacesResponseSchema } from '#shared/schemas/nearby-places';
import { callerOf } from '../../http/access';
import type { NearbyPlacesService } from './service';

/** POST /api/nearby-places {lat, lng}: the Safety Map's places around the caller's position. */
export const nearbyPlacesRoutes =
  (service: NearbyPlacesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/nearby-places',
      {
        config: { access: 'signed-in' },
        schema: { body: NearbyPlacesRequestSchema, response: { 200: NearbyPlacesResponseSchema } },
      },
      (request) => service.find(callerOf(request), request.body),
    );
  };
