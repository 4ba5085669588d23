import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '#shared/schemas/common';
import {
  DecideRelationshipRequestSchema,
  GuardianRelationshipSchema,
  InviteCodeListResponseSchema,
  InviteCodeSchema,
  RedeemInviteCodeRequestSchema,
  RelationshipListResponseSchema,
  WardListResponseSchema,
} from '#shared/schemas/guardian';
import { callerOf } from '../../http/access';
import type { InviteCodeService } from './invite-code-service';
import type { RelationshipService } from './relationship-service';

/** Invite codes, guardian relationships and the guardian's ward list. Thin: each handler is one service call. */
export const guardianRoutes =
  (invites: InviteCodeService, relationships: RelationshipService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/invite-codes',
      { config: { access: 'signed-in' }, schema: { response: { 201: InviteCodeSchema } } },
      async (request, reply) => reply.status(201).send(await invites.create(callerOf(request))),
    );

    app.get(
      '/api/invite-codes',
      { config: { access: 'signed-in' }, schema: { response: { 200: InviteCodeListResponseSchema } } },
      async (request) => ({ codes: await invites.list(callerOf(request)) }),
    );

    app.post(
      '/api/invite-codes/redeem',
      {
        config: {
          access: 'signed-in',
          errors: ['invalid_invite_code', 'invite_code_expired', 'conflict', 'rate_limited'],
        },
        schema: { body: RedeemInviteCodeRequestSchema, response: { 201: GuardianRelationshipSchema } },
      },
      async (request, reply) => {
        const relationship = await invites.redeem(callerOf(request), request.body.code, request.ip);
        return reply.status(201).send(relationship);
      },
    );

    app.get(
      '/api/guardian-relationships',
      { config: { access: 'signed-in' }, schema: { response: { 200: RelationshipListResponseSchema } } },
      async (request) => ({ relationships: await relationships.list(callerOf(request)) }),
    );

    app.patch(
      '/api/guardian-relationships/:id',
      {
        config: { access: 'signed-in', errors: ['forbidden', 'conflict'] },
        schema: {
          params: IdParamsSchema,
          body: DecideRelationshipRequestSchema,
          response: { 200: GuardianRelationshipSchema },
        },
      },
      (request) => relationships.decide(callerOf(request), request.params.id, request.body.status),
    );

    app.delete(
      '/api/guardian-relationships/:id',
      { config: { access: 'signed-in' }, schema: { params: IdParamsSchema } },
      async (request, reply) => {
        await relationships.end(callerOf(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/api/wards',
      { config: { access: 'signed-in' }, schema: { response: { 200: WardListResponseSchema } } },
      async (request) => ({ wards: await relationships.listWards(callerOf(request)) }),
    );
  };
