import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SafetyPinCheckRequestSchema,
  SafetyPinCheckResponseSchema,
  SafetyPinStatusSchema,
  UpdateSafetyPinRequestSchema,
} from '#shared/schemas/safety-pin';
import { callerOf } from '../../http/access';
import type { SafetyPinService } from './service';

/**
 * GET /api/safety-pin (whether a safety PIN is asked), PUT /api/safety-pin (set, change or remove both PINs, with
 * the account password) and POST /api/safety-pin/check (a countdown's cancel). Thin: one call each.
 */
export const safetyPinRoutes =
  (service: SafetyPinService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/safety-pin',
      { config: { access: 'signed-in' }, schema: { response: { 200: SafetyPinStatusSchema } } },
      (request) => service.status(callerOf(request)),
    );

    app.put(
      '/api/safety-pin',
      {
        config: { access: 'signed-in', errors: ['current_password_wrong', 'rate_limited'] },
        schema: { body: UpdateSafetyPinRequestSchema, response: { 200: SafetyPinStatusSchema } },
      },
      (request) => service.update(callerOf(request), request.body),
    );

    app.post(
      '/api/safety-pin/check',
      {
        config: { access: 'signed-in', errors: ['pin_wrong', 'rate_limited'] },
        schema: { body: SafetyPinCheckRequestSchema, response: { 200: SafetyPinCheckResponseSchema } },
      },
      (request) => service.check(callerOf(request), request.body.pin),
    );
  };
