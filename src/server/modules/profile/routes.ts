import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileSchema } from '#shared/schemas/profile';
import { TextableProfileUpdateSchema } from '#shared/schemas/textable-phone-schemas';
import { callerOf } from '../../http/access';
import type { ProfileService } from './service';

/** GET and PATCH of the caller's own profile. Thin: each handler is one service call. */
export const profileRoutes =
  (service: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/profile',
      { config: { access: 'signed-in' }, schema: { response: { 200: ProfileSchema } } },
      (request) => service.get(callerOf(request)),
    );

    app.patch(
      '/api/profile',
      {
        config: { access: 'signed-in', errors: ['too_many_contacts', 'rate_limited'] },
        schema: { body: TextableProfileUpdateSchema, response: { 200: ProfileSchema } },
      },
      (request) => service.update(callerOf(request), request.body),
    );
  };
