import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProfileSchema, ProfileUpdateSchema } from '#shared/schemas/profile';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { requireAuth } from '../../http/authenticate';
import { createProfileService } from './service';

/** GET and PATCH of the caller's own profile. Thin: each handler is one service call. */
export const profileRoutes =
  (deps: { db: Database; clock: Clock }): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createProfileService(deps);
    // Answer 401 before reading the body, so an anonymous caller learns nothing from validation messages.
    app.addHook('onRequest', async (request) => {
      requireAuth(request);
    });

    app.get('/api/profile', { schema: { response: { 200: ProfileSchema } } }, (request) =>
      service.get(requireAuth(request)),
    );

    app.patch(
      '/api/profile',
      { schema: { body: ProfileUpdateSchema, response: { 200: ProfileSchema } } },
      (request) => service.update(requireAuth(request), request.body),
    );
  };
