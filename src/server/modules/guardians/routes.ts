import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { INVITE_REDEMPTION_LIMITS } from '#shared/constants';
import {
  DecideRelationshipRequestSchema,
  GuardianRelationshipSchema,
  InviteCodeListResponseSchema,
  InviteCodeSchema,
  RedeemInviteCodeRequestSchema,
  RelationshipIdParamsSchema,
  RelationshipListResponseSchema,
  WardListResponseSchema,
} from '#shared/schemas/guardian';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { requireAuth } from '../../http/authenticate';
import { createRateLimiter } from '../../http/rate-limiter';
import type { RealtimePublisher } from '../../realtime/publisher';
import { createInviteCodeService } from './invite-code-service';
import { createRelationshipService } from './relationship-service';

export type GuardianRouteDeps = { db: Database; clock: Clock; publisher: RealtimePublisher };

/** Invite codes, guardian relationships and the guardian's ward list. Thin: each handler is one service call. */
export const guardianRoutes =
  (deps: GuardianRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const windowMs = INVITE_REDEMPTION_LIMITS.windowMinutes * 60_000;
    const invites = createInviteCodeService({
      ...deps,
      limiters: {
        perUser: createRateLimiter(deps.db, deps.clock, {
          name: 'invite-redeem-user',
          limit: INVITE_REDEMPTION_LIMITS.perUser,
          windowMs,
        }),
        perAddress: createRateLimiter(deps.db, deps.clock, {
          name: 'invite-redeem-address',
          limit: INVITE_REDEMPTION_LIMITS.perAddress,
          windowMs,
        }),
      },
    });
    const relationships = createRelationshipService(deps);

    // Every route here is for a signed-in person: 401 before the body is read or validated.
    app.addHook('onRequest', async (request: FastifyRequest) => {
      requireAuth(request);
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/api/invite-codes',
      { schema: { response: { 201: InviteCodeSchema } } },
      async (request, reply) => reply.status(201).send(await invites.create(requireAuth(request))),
    );

    app.get(
      '/api/invite-codes',
      { schema: { response: { 200: InviteCodeListResponseSchema } } },
      async (request) => ({ codes: await invites.list(requireAuth(request)) }),
    );

    app.post(
      '/api/invite-codes/redeem',
      { schema: { body: RedeemInviteCodeRequestSchema, response: { 201: GuardianRelationshipSchema } } },
      async (request, reply) => {
        const relationship = await invites.redeem(requireAuth(request), request.body.code, request.ip);
        return reply.status(201).send(relationship);
      },
    );

    app.get(
      '/api/guardian-relationships',
      { schema: { response: { 200: RelationshipListResponseSchema } } },
      async (request) => ({ relationships: await relationships.list(requireAuth(request)) }),
    );

    app.patch(
      '/api/guardian-relationships/:id',
      {
        schema: {
          params: RelationshipIdParamsSchema,
          body: DecideRelationshipRequestSchema,
          response: { 200: GuardianRelationshipSchema },
        },
      },
      (request) => relationships.decide(requireAuth(request), request.params.id, request.body.status),
    );

    app.delete(
      '/api/guardian-relationships/:id',
      { schema: { params: RelationshipIdParamsSchema } },
      async (request, reply) => {
        await relationships.end(requireAuth(request), request.params.id);
        return reply.status(204).send();
      },
    );

    app.get('/api/wards', { schema: { response: { 200: WardListResponseSchema } } }, async (request) => ({
      wards: await relationships.listWards(requireAuth(request)),
    }));
  };
