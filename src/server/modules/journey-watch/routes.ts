import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JourneyHeartbeatRequestSchema, JourneyHeartbeatResponseSchema } from '#shared/schemas/journey';
import { callerOf } from '../../http/access';
import type { JourneyWatch } from './service';

export function journeyWatchRoutes(watch: JourneyWatch): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/journeys/heartbeat',
      {
        config: { access: 'signed-in' },
        schema: {
          summary: 'The phone is alive during an escort or check-in (the silence warning counts from it)',
          body: JourneyHeartbeatRequestSchema,
          response: { 200: JourneyHeartbeatResponseSchema },
        },
      },
      (request) => watch.heartbeat(callerOf(request), request.body),
    );
  };
}
