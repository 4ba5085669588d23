import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EscalationSettingsPatchSchema, EscalationSettingsSchema } from '#shared/schemas/escalation-settings';
import { ProfileSchema } from '#shared/schemas/profile';
import { TextableProfileUpdateSchema } from '#shared/schemas/textable-phone-schemas';
import { callerOf } from '../../http/access';
import type { EscalationSettingsService } from './escalation-settings';
import type { ProfileService } from './service';

/** GET and PATCH of the caller's own profile and escalation time. Thin: each handler is one service call. */
export const profileRoutes =
  (service: ProfileService, escalation: EscalationSettingsService): FastifyPluginAsyncZod =>
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

    app.get(
      '/api/escalation-settings',
      { config: { access: 'signed-in' }, schema: { response: { 200: EscalationSettingsSchema } } },
      (request) => escalation.get(callerOf(request)),
    );

    app.patch(
      '/api/escalation-settings',
      {
        config: { access: 'signed-in' },
        schema: { body: EscalationSettingsPatchSchema, response: { 200: EscalationSettingsSchema } },
      },
      (request) => escalation.update(callerOf(request), request.body),
    );
  };
