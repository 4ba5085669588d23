import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  ActiveCheckInResponseSchema,
  CheckInSchema,
  StartCheckInRequestSchema,
} from '#shared/schemas/journey';
import { OptionalPinBodySchema } from '#shared/schemas/safety-pin';
import { callerOf } from '../../http/access';
import type { CheckInService } from './checkin-service';

/**
 * What every action on one check-in takes and answers: its id, and the check-in as it then stands. A new
 * object for each route, because the app's onRoute hooks write into a route's schema (http/api-contract.ts).
 */
const checkInActionSchema = () => ({ params: IdParamsSchema, response: { 200: CheckInSchema } });
const ACTION_CONFIG = { access: 'signed-in', priority: true, errors: ['conflict'] } as const;

/** Check-ins (docs/PRODUCT.md, "Escort sessions and check-ins on the server"). Thin: one call each. */
export const checkInRoutes =
  (service: CheckInService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/checkins',
      {
        config: { access: 'signed-in', errors: ['conflict', 'no_emergency_contacts'] },
        schema: { body: StartCheckInRequestSchema, response: { 201: CheckInSchema } },
      },
      async (request, reply) =>
        reply.status(201).send(await service.start(callerOf(request), request.body.interval_minutes)),
    );

    app.get(
      '/api/checkins/active',
      { config: { access: 'signed-in' }, schema: { response: { 200: ActiveCheckInResponseSchema } } },
      async (request) => ({ checkin: await service.active(callerOf(request)) }),
    );

    // Actions on one check-in: anyone else's answers 404; `conflict` when its state does not allow it. They race
    // the deadline: `priority` (never behind other people's requests), and they count from `receivedAt`.
    app.post(
      '/api/checkins/:id/check-in',
      { config: ACTION_CONFIG, schema: checkInActionSchema() },
      (request) => service.checkIn(callerOf(request), request.params.id, request.receivedAt),
    );

    app.post(
      '/api/checkins/:id/stop',
      {
        config: { ...ACTION_CONFIG, errors: ['conflict', 'pin_wrong', 'rate_limited'] },
        schema: { ...checkInActionSchema(), body: OptionalPinBodySchema },
      },
      (request) => service.stop(callerOf(request), request.params.id, request.receivedAt, request.body?.pin),
    );
  };
