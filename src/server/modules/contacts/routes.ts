import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactIdParamsSchema, ContactListResponseSchema } from '#shared/schemas/contact-api';
import { EmergencyContactSchema } from '#shared/schemas/profile';
import {
  TextableContactInputSchema,
  TextableContactPatchSchema,
} from '#shared/schemas/textable-phone-schemas';
import { callerOf } from '../../http/access';
import type { ContactService } from './service';

/** One contact at a time, so two devices editing different contacts never overwrite each other. */
export const contactRoutes =
  (service: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/contacts',
      { config: { access: 'signed-in' }, schema: { response: { 200: ContactListResponseSchema } } },
      (request) => service.list(callerOf(request)),
    );

    app.post(
      '/api/contacts',
      {
        config: { access: 'signed-in', errors: ['too_many_contacts', 'rate_limited'] },
        schema: { body: TextableContactInputSchema, response: { 201: EmergencyContactSchema } },
      },
      async (request, reply) => reply.status(201).send(await service.add(callerOf(request), request.body)),
    );

    app.patch(
      '/api/contacts/:id',
      {
        config: { access: 'signed-in', errors: ['rate_limited'] },
        schema: {
          params: ContactIdParamsSchema,
          body: TextableContactPatchSchema,
          response: { 200: EmergencyContactSchema },
        },
      },
      (request) => service.update(callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/contacts/:id',
      { config: { access: 'signed-in' }, schema: { params: ContactIdParamsSchema } },
      async (request, reply) => {
        await service.remove(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
