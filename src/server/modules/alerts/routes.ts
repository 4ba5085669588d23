import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertDetailSchema,
  AlertIdParamsSchema,
  AlertListResponseSchema,
  CreateAlertRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotentRequestHeadersSchema,
  SendEmergencySmsRequestSchema,
  SendEmergencySmsResponseSchema,
  WardAlertListResponseSchema,
} from '#shared/schemas/alert';
import { requireAuth } from '../../http/authenticate';
import type { AlertService } from './service';

/**
 * POST /api/alerts (201 new, 200 the same alert again for a repeated Idempotency-Key), GET /api/alerts,
 * GET /api/alerts/:id, the spec's POST /api/send-emergency-sms, and GET /api/wards/alerts (a guardian's view of
 * the alerts of those they watch over). Thin: each handler is one service call.
 */
export const alertRoutes =
  (service: AlertService): FastifyPluginAsyncZod =>
  async (app) => {
    // Alerts carry a person's location: never in a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/alerts',
      {
        schema: {
          headers: IdempotentRequestHeadersSchema,
          body: CreateAlertRequestSchema,
          response: { 200: AlertDetailSchema, 201: AlertDetailSchema },
        },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        const { detail, created } = await service.createAlert(auth, request.body, key);
        return reply.status(created ? 201 : 200).send(detail);
      },
    );

    app.get('/api/alerts', { schema: { response: { 200: AlertListResponseSchema } } }, (request) =>
      service.listAlerts(requireAuth(request)),
    );

    app.get('/api/wards/alerts', { schema: { response: { 200: WardAlertListResponseSchema } } }, (request) =>
      service.listWardAlerts(requireAuth(request)),
    );

    app.get(
      '/api/alerts/:id',
      { schema: { params: AlertIdParamsSchema, response: { 200: AlertDetailSchema } } },
      (request) => service.getAlert(requireAuth(request), request.params.id),
    );

    app.post(
      '/api/send-emergency-sms',
      {
        schema: {
          headers: IdempotentRequestHeadersSchema,
          body: SendEmergencySmsRequestSchema,
          response: { 200: SendEmergencySmsResponseSchema },
        },
      },
      (request) =>
        service.sendEmergencySms(requireAuth(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
    );
  };
