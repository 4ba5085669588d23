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
import { callerOf } from '../../http/access';
import { parseInput } from '../../http/validation';
import { AFTER_CONFIRMATION_PATH, INVALID_LINK_REDIRECT } from './policy';
import type { AuthService } from './service';

/**
 * The generic auth paths under /api/auth (docs/PRODUCT.md#auth-endpoints). Thin: each handler is one service
 * call.
 */
export const authRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    // Every unauthenticated entry point counts against the caller's address, before anything else runs.
    const limitAddress = async (request: { ip: string }): Promise<void> => service.limitAddress(request.ip);
    const open = { access: 'public', errors: ['rate_limited'] } as const;

    app.post(
      '/api/auth/signup',
      {
        config: { ...open, errors: ['rate_limited', 'weak_password', 'email_taken'] },
        onRequest: limitAddress,
        schema: { body: SignUpRequestSchema, response: { 200: AuthSessionSchema } },
      },
      (request) => service.signUp(request.body, request.ip),
    );

    app.post(
      '/api/auth/token',
      {
        config: { ...open, errors: ['rate_limited', 'invalid_credentials', 'invalid_refresh_token'] },
        onRequest: limitAddress,
        schema: {
          querystring: TokenQuerySchema,
          body: TokenRequestBodySchema,
          response: { 200: AuthSessionSchema },
        },
      },
      // The body's shape depends on the query's grant_type, so the handler picks the schema.
      (request) =>
        request.query.grant_type === 'password'
          ? service.signIn(parseInput(PasswordGrantSchema, request.body), request.ip)
          : service.refresh(parseInput(RefreshGrantSchema, request.body).refresh_token),
    );

    app.post(
      '/api/auth/recover',
      {
        config: open,
        onRequest: limitAddress,
        schema: { body: RecoverRequestSchema, response: { 200: EmptyResponseSchema } },
      },
      async (request) => {
        service.requestRecovery(request.body.email);
        return {};
      },
    );

    app.post(
      '/api/auth/verify',
      {
        config: { ...open, errors: ['rate_limited', 'invalid_link'] },
        onRequest: limitAddress,
        schema: { body: VerifyRequestSchema, response: { 200: AuthSessionSchema.or(EmptyResponseSchema) } },
      },
      (request) => service.verify(request.body),
    );

    app.get(
      '/api/auth/verify',
      { config: open, onRequest: limitAddress, schema: { querystring: VerifyLinkQuerySchema } },
      async (request, reply) => {
        const confirmed = await service.confirmFromLink(request.query.token);
        return reply.redirect(confirmed ? AFTER_CONFIRMATION_PATH : INVALID_LINK_REDIRECT, 303);
      },
    );

    app.post('/api/auth/logout', { config: { access: 'signed-in' } }, async (request, reply) => {
      await service.logout(callerOf(request));
      return reply.status(204).send();
    });

    app.get(
      '/api/auth/user',
      { config: { access: 'signed-in' }, schema: { response: { 200: AuthUserSchema } } },
      (request) => service.getUser(callerOf(request)),
    );

    app.put(
      '/api/auth/user',
      {
        config: { access: 'signed-in', errors: ['weak_password', 'current_password_wrong', 'rate_limited'] },
        schema: { body: UpdateUserRequestSchema, response: { 200: AuthUserSchema } },
      },
      (request) => service.updateUser(callerOf(request), request.body),
    );

    app.delete(
      '/api/auth/user',
      {
        config: { access: 'signed-in', errors: ['current_password_wrong', 'rate_limited'] },
        schema: { body: DeleteAccountRequestSchema },
      },
      async (request, reply) => {
        await service.deleteUser(callerOf(request), request.body);
        return reply.status(204).send();
      },
    );
  };
