import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { REALTIME_CHANNEL } from '#shared/constants';
import { ERRORS } from '#shared/texts';
import { AppError } from '../http/app-error';
import type { RealtimeHub } from './hub';

/** Client messages are small JSON objects; anything larger is not one of them. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * GET /api/realtime (WebSocket). Registered on the root instance: @fastify/websocket must see the upgrade
 * before any route, and tests use `app.injectWS`. Public at the HTTP level: the socket authenticates itself
 * (`?access_token=` or a first `auth` message), which the hub checks with the same session verifier as every
 * signed-in route.
 */
export async function registerRealtime(app: FastifyInstance, hub: RealtimeHub): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.route({
    method: 'GET',
    url: REALTIME_CHANNEL.path,
    config: { access: 'public' },
    // A plain GET (no upgrade) answers like any unknown API path.
    handler: async () => {
      throw new AppError('not_found', ERRORS.notFound);
    },
    wsHandler: (socket, request) => {
      hub.accept(socket, { query: request.query });
    },
  });
  app.addHook('onClose', () => hub.close());
}
