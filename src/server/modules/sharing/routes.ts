import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SharingViewListResponseSchema, StopSharingResponseSchema } from '#shared/schemas/sharing';
import { callerOf, type AuthContext } from '../../http/access';
import type { SharingViewListResponse, StopSharingResponse } from '#shared/schemas/sharing';

export type SharingService = {
  views(auth: AuthContext): Promise<SharingViewListResponse>;
  stop(auth: AuthContext): Promise<StopSharingResponse>;
};

/** Who has looked at what the person shares, and stopping all sharing. Thin: each handler is one call. */
export const sharingRoutes =
  (service: SharingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/sharing/views',
      { config: { access: 'signed-in' }, schema: { response: { 200: SharingViewListResponseSchema } } },
      (request) => service.views(callerOf(request)),
    );

    app.post(
      '/api/sharing/stop',
      { config: { access: 'signed-in' }, schema: { response: { 200: StopSharingResponseSchema } } },
      (request) => service.stop(callerOf(request)),
    );
  };
