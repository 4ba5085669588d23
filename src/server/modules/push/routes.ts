import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletePushSubscriptionRequestSchema,
  PushSubscriptionRequestSchema,
  VapidPublicKeyResponseSchema,
} from '#shared/schemas/push';
import { callerOf } from '../../http/access';
import type { PushService } from './service';

/** The VAPID public key (public) and the caller's push subscriptions. */
export const pushRoutes =
  (service: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    // The browser needs it to subscribe (applicationServerKey); it is public by design.
    app.get(
      '/api/push/vapid-public-key',
      { config: { access: 'public' }, schema: { response: { 200: VapidPublicKeyResponseSchema } } },
      () => ({ publicKey: service.publicKey }),
    );

    app.post(
      '/api/push/subscriptions',
      {
        config: { access: 'signed-in', errors: ['conflict'] },
        schema: { body: PushSubscriptionRequestSchema },
      },
      async (request, reply) => {
        await service.subscribe(callerOf(request), request.body);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/push/subscriptions',
      { config: { access: 'signed-in' }, schema: { body: DeletePushSubscriptionRequestSchema } },
      async (request, reply) => {
        await service.unsubscribe(callerOf(request), request.body.endpoint);
        return reply.status(204).send();
      },
    );
  };
