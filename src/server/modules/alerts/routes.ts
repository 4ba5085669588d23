import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AlertAcknowledgementSchema,
  AlertDetailSchema,
  AlertListQuerySchema,
  AlertListResponseSchema,
  CreateAlertRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotentRequestHeadersSchema,
  RaiseAlertResponseSchema,
  SendEmergencySmsRequestSchema,
  SendEmergencySmsResponseSchema,
  WardAlertListResponseSchema,
} from '#shared/schemas/alert';
import {
  GuardianRespondRequestSchema,
  PushRespondRequestSchema,
  RespondResultSchema,
} from '#shared/schemas/alert-respond';
import { IdParamsSchema } from '#shared/schemas/common';
import { OptionalPinBodySchema } from '#shared/schemas/safety-pin';
import { callerOf } from '../../http/access';
import type { AlertService } from './service';

/**
 * POST /api/alerts (201 new; 200 the same alert again for a repeated Idempotency-Key with the same request, or the
 * person's open alert that this SOS joined, with `outcome` saying which; 422 `idempotency_key_reused` for a key
 * reused with a different request; 429 past the person's new alerts per hour), GET /api/alerts (`?status=active`:
 * the alerts not ended yet), GET /api/alerts/:id, GET /api/alerts/:id/meeting-photo (the photo of the
 * meeting an alert carries, for its owner and their active guardians), POST /api/alerts/:id/resolve ("I'm safe"),
 * POST /api/send-emergency-sms (docs/PRODUCT.md#alert-endpoints), GET /api/wards/alerts (a guardian's view of the
 * alerts of those they watch over) and POST /api/wards/alerts/:id/seen. Thin: each handler is one service call.
 * Raising an alert is `urgent`: its sign-in check uses the database capacity reserved for the SOS path.
 */
export const alertRoutes =
  (service: AlertService): FastifyPluginAsyncZod =>
  async (app) => {
    const raise = {
      access: 'signed-in',
      urgent: true,
      errors: ['no_emergency_contacts', 'idempotency_key_reused', 'rate_limited'],
    } as const;

    app.post(
      '/api/alerts',
      {
        config: raise,
        schema: {
          headers: IdempotentRequestHeadersSchema,
          body: CreateAlertRequestSchema,
          response: { 200: RaiseAlertResponseSchema, 201: RaiseAlertResponseSchema },
        },
      },
      async (request, reply) => {
        const key = request.headers[IDEMPOTENCY_KEY_HEADER];
        const raised = await service.createAlert(callerOf(request), request.body, key);
        return reply.status(raised.outcome === 'created' ? 201 : 200).send(raised);
      },
    );

    app.get(
      '/api/alerts',
      {
        config: { access: 'signed-in' },
        schema: { querystring: AlertListQuerySchema, response: { 200: AlertListResponseSchema } },
      },
      (request) => service.listAlerts(callerOf(request), request.query),
    );

    app.get(
      '/api/wards/alerts',
      { config: { access: 'signed-in' }, schema: { response: { 200: WardAlertListResponseSchema } } },
      (request) => service.listWardAlerts(callerOf(request)),
    );

    app.post(
      '/api/wards/alerts/:id/seen',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: AlertAcknowledgementSchema } },
      },
      (request) => service.markWardAlertSeen(callerOf(request), request.params.id),
    );

    // A guardian answers a ward's alert: 200 with the alert's progress (changed: false when it already was their
    // answer), 404 as for "Seen", 409 `conflict` once the alert has ended.
    app.post(
      '/api/wards/alerts/:id/respond',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: {
          params: IdParamsSchema,
          body: GuardianRespondRequestSchema,
          response: { 200: RespondResultSchema },
        },
      },
      (request) => service.respondToWardAlert(callerOf(request), request.params.id, request.body.response),
    );

    // The same from the alert push's action button: the service worker has no session, the token the push carried
    // is the capability (response-token.ts). In the body, never the path, so no request log holds it.
    app.post(
      '/api/alert-responses/push',
      {
        config: { access: 'public', errors: ['conflict', 'not_found'] },
        schema: { body: PushRespondRequestSchema, response: { 200: RespondResultSchema } },
      },
      (request) => service.respondWithPushToken(request.body.token, request.body.response),
    );

    app.get(
      '/api/alerts/:id',
      {
        config: { access: 'signed-in' },
        schema: { params: IdParamsSchema, response: { 200: AlertDetailSchema } },
      },
      (request) => service.getAlert(callerOf(request), request.params.id),
    );

    app.get(
      '/api/alerts/:id/meeting-photo',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        const photo = await service.getMeetingPhoto(callerOf(request), request.params.id);
        // Never kept by a browser's or a proxy's cache: a photo of someone a person feared.
        return reply
          .header('content-type', photo.contentType)
          .header('cache-control', 'private, no-store')
          .send(photo.bytes);
      },
    );

    app.post(
      '/api/alerts/:id/resolve',
      {
        config: { access: 'signed-in', errors: ['pin_wrong', 'rate_limited'] },
        schema: { params: IdParamsSchema, body: OptionalPinBodySchema, response: { 200: AlertDetailSchema } },
      },
      (request) => service.resolveAlert(callerOf(request), request.params.id, request.body?.pin),
    );

    app.post(
      '/api/send-emergency-sms',
      {
        config: raise,
        schema: {
          headers: IdempotentRequestHeadersSchema,
          body: SendEmergencySmsRequestSchema,
          response: { 200: SendEmergencySmsResponseSchema },
        },
      },
      (request) =>
        service.sendEmergencySms(callerOf(request), request.body, request.headers[IDEMPOTENCY_KEY_HEADER]),
    );
  };
