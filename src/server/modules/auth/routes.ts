import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthSessionSchema,
  AuthUserSchema,
  DeleteAccountRequestSchema,
  EmptyResponseSchema,
  PasswordGrantSchema,
  RecoverRequestSchema,
  RefreshGrantSchema,
  SignUpRequestSchema,
  TokenQuerySchema,
  TokenRequestBodySchema,
  UpdateUserRequestSchema,
  VerifyLinkQuerySchema,
  VerifyRequestSchema,
} from '#shared/schemas/auth';
import type { Clock } from '../../adapters/clock';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { requireAuth } from '../../http/authenticate';
import type { AccessTokens } from './access-token';
import { linkOrigin } from './link-origin';
import { parseInput } from './parse-input';
import { createPasswordHasher } from './password';
import { AFTER_CONFIRMATION_PATH, INVALID_LINK_REDIRECT } from './policy';
import { createAuthService } from './service';

export type AuthRouteDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  tokens: AccessTokens;
  config: Pick<Config, 'auth' | 'publicUrl'>;
};

/** The spec's generic auth paths (document 1 §7) under /api/auth. Thin: each handler is one service call. */
export const authRoutes =
  (deps: AuthRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAuthService({
      ...deps,
      passwords: createPasswordHasher(),
      limits: deps.config.auth,
      log: app.log,
    });
    const origin = (request: FastifyRequest): string => linkOrigin(request, deps.config.publicUrl);
    // Every unauthenticated entry point counts against the caller's address, before anything else runs.
    const limitAddress = async (request: FastifyRequest): Promise<void> => service.limitAddress(request.ip);
    // Protected routes answer 401 before their body is read or validated.
    const authenticated = async (request: FastifyRequest): Promise<void> => {
      requireAuth(request);
    };

    // Sessions and users must never sit in a shared cache.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    app.addHook('onClose', () => service.drain());

    app.post(
      '/api/auth/signup',
      {
        onRequest: limitAddress,
        schema: { body: SignUpRequestSchema, response: { 200: AuthSessionSchema } },
      },
      (request) => service.signUp(request.body, origin(request)),
    );

    app.post(
      '/api/auth/token',
      {
        onRequest: limitAddress,
        schema: {
          querystring: TokenQuerySchema,
          body: TokenRequestBodySchema,
          response: { 200: AuthSessionSchema },
        },
      },
      (request) =>
        request.query.grant_type === 'password'
          ? service.signIn(parseInput(PasswordGrantSchema, request.body))
          : service.refresh(parseInput(RefreshGrantSchema, request.body).refresh_token),
    );

    app.post(
      '/api/auth/recover',
      {
        onRequest: limitAddress,
        schema: { body: RecoverRequestSchema, response: { 200: EmptyResponseSchema } },
      },
      async (request) => {
        service.requestRecovery(request.body.email, origin(request));
        return {};
      },
    );

    app.post(
      '/api/auth/verify',
      { onRequest: limitAddress, schema: { body: VerifyRequestSchema } },
      (request) => service.verify(request.body),
    );

    app.get(
      '/api/auth/verify',
      { onRequest: limitAddress, schema: { querystring: VerifyLinkQuerySchema } },
      async (request, reply) => {
        const confirmed = await service.confirmFromLink(request.query.token);
        return reply.redirect(confirmed ? AFTER_CONFIRMATION_PATH : INVALID_LINK_REDIRECT, 303);
      },
    );

    app.post('/api/auth/logout', { onRequest: authenticated }, async (request, reply) => {
      await service.logout(requireAuth(request));
      return reply.status(204).send();
    });

    app.get(
      '/api/auth/user',
      { onRequest: authenticated, schema: { response: { 200: AuthUserSchema } } },
      (request) => service.getUser(requireAuth(request)),
    );

    app.put(
      '/api/auth/user',
      {
        onRequest: authenticated,
        schema: { body: UpdateUserRequestSchema, response: { 200: AuthUserSchema } },
      },
      (request) => service.updateUser(requireAuth(request), request.body),
    );

    app.delete(
      '/api/auth/user',
      { onRequest: authenticated, schema: { body: DeleteAccountRequestSchema } },
      async (request, reply) => {
        await service.deleteUser(requireAuth(request));
        return reply.status(204).send();
      },
    );
  };
