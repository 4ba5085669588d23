import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletePushSubscriptionRequestSchema,
  PushSubscriptionRequestSchema,
  VapidPublicKeyResponseSchema,
} from '#shared/schemas/push';
import { requireAuth } from '../../http/authenticate';
import type { PushService } from './service';

/** The VAPID public key (public) and the caller's push subscriptions. */
export const pushRoutes =
  (service: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticated = async (request: Parameters<typeof requireAuth>[0]): Promise<void> => {
      requireAuth(request);
    };

    // The browser needs it to subscribe (applicationServerKey); it is public by design.
    app.get(
      '/api/push/vapid-public-key',
      { schema: { response: { 200: VapidPublicKeyResponseSchema } } },
      () => ({
        publicKey: service.publicKey,
      }),
    );

    app.post(
      '/api/push/subscriptions',
      { onRequest: authenticated, schema: { body: PushSubscriptionRequestSchema } },
      async (request, reply) => {
        await service.subscribe(requireAuth(request), request.body);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/push/subscriptions',
      { onRequest: authenticated, schema: { body: DeletePushSubscriptionRequestSchema } },
      async (request, reply) => {
        await service.unsubscribe(requireAuth(request), request.body.endpoint);
        return reply.status(204).send();
      },
    );
  };
