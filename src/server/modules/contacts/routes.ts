import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactIdParamsSchema, ContactListResponseSchema } from '#shared/schemas/contact-api';
import {
  EmergencyContactInputSchema,
  EmergencyContactPatchSchema,
  EmergencyContactSchema,
} from '#shared/schemas/profile';
import { requireAuth } from '../../http/authenticate';
import type { ContactService } from './service';

/** One contact at a time, so two devices editing different contacts never overwrite each other. */
export const contactRoutes =
  (service: ContactService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get('/api/contacts', { schema: { response: { 200: ContactListResponseSchema } } }, (request) =>
      service.list(requireAuth(request)),
    );

    app.post(
      '/api/contacts',
      { schema: { body: EmergencyContactInputSchema, response: { 201: EmergencyContactSchema } } },
      async (request, reply) => reply.status(201).send(await service.add(requireAuth(request), request.body)),
    );

    app.patch(
      '/api/contacts/:id',
      {
        schema: {
          params: ContactIdParamsSchema,
          body: EmergencyContactPatchSchema,
          response: { 200: EmergencyContactSchema },
        },
      },
      (request) => service.update(requireAuth(request), request.params.id, request.body),
    );

    app.delete('/api/contacts/:id', { schema: { params: ContactIdParamsSchema } }, async (request, reply) => {
      await service.remove(requireAuth(request), request.params.id);
      return reply.status(204).send();
    });
  };
