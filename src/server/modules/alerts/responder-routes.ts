import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ResponderCodeParamsSchema,
  ResponderRespondRequestSchema,
  ResponderViewSchema,
} from '#shared/schemas/responder';
import type { ResponderPage } from './responder-page';

/**
 * The contact's responder page: GET /api/responder/:code (the alert as the contact may see it) and POST
 * /api/responder/:code/respond ("I'm on my way" / "I'm calling them"; 409 once the person is safe). Public:
 * holding the unguessable code from their text is the permission. Thin: each handler is one call.
 */
export const responderRoutes =
  (page: ResponderPage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/responder/:code',
      {
        config: { access: 'public', errors: ['link_inactive'] },
        schema: { params: ResponderCodeParamsSchema, response: { 200: ResponderViewSchema } },
      },
      (request) =>
        page.view(request.params.code, { ip: request.ip, userAgent: request.headers['user-agent'] }),
    );

    app.post(
      '/api/responder/:code/respond',
      {
        config: { access: 'public', errors: ['conflict', 'rate_limited', 'link_inactive'] },
        schema: {
          params: ResponderCodeParamsSchema,
          body: ResponderRespondRequestSchema,
          response: { 200: ResponderViewSchema },
        },
      },
      (request) => page.respond(request.params.code, request.body),
    );
  };
