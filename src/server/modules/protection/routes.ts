import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProtectionSettingsPatchSchema, ProtectionSettingsResponseSchema } from '#shared/schemas/protection';
import { callerOf } from '../../http/access';
import type { ProtectionService } from './service';

/** GET and PATCH of the caller's own AI Protection settings. Thin: each handler is one service call. */
export const protectionRoutes =
  (service: ProtectionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/protection-settings',
      { config: { access: 'signed-in' }, schema: { response: { 200: ProtectionSettingsResponseSchema } } },
      (request) => service.get(callerOf(request)),
    );

    app.patch(
      '/api/protection-settings',
      {
        config: { access: 'signed-in' },
        schema: { body: ProtectionSettingsPatchSchema, response: { 200: ProtectionSettingsResponseSchema } },
      },
      (request) => service.update(callerOf(request), request.body),
    );
  };
