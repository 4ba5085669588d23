import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeleteAccountRequestSchema,
  EmailRedirectQuerySchema,
  EmptyResponseSchema,
  LogoutQuerySchema,
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
import { AuthSessionSchema, AuthUserSchema } from '#shared/schemas/auth-session';
import { noBody } from '#shared/schemas/common';
import type { FastifyInstance } from 'fastify';
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
        schema: {
          querystring: EmailRedirectQuerySchema,
          body: SignUpRequestSchema,
          response: { 200: AuthSessionSchema },
        },
      },
      (request) => service.signUp(request.body, request.ip, request.query.redirect_to),
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
        schema: {
          querystring: EmailRedirectQuerySchema,
          body: RecoverRequestSchema,
          response: { 200: EmptyResponseSchema },
        },
      },
      async (request) => {
        await service.requestRecovery(request.body.email, request.query.redirect_to);
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
      {
        config: open,
        onRequest: limitAddress,
        schema: {
          querystring: VerifyLinkQuerySchema,
          response: {
            303: noBody('To the page the link leads to, or to the start page saying the link is invalid'),
          },
        },
      },
      async (request, reply) => {
        const confirmed = await service.confirmFromLink(request.query.token);
        const landing = request.query.redirect_to ?? AFTER_CONFIRMATION_PATH;
        return reply.redirect(confirmed ? landing : INVALID_LINK_REDIRECT, 303);
      },
    );

    // GoTrue clients send sign-out with a JSON content type and no body at all.
    await app.register(async (plugin) => {
      acceptEmptyJsonBody(plugin);
      plugin.withTypeProvider<ZodTypeProvider>().post(
        '/api/auth/logout',
        {
          config: { access: 'signed-in' },
          schema: { querystring: LogoutQuerySchema, response: { 204: noBody('Signed out') } },
        },
        async (request, reply) => {
          await service.logout(callerOf(request), request.query.scope);
          return reply.status(204).send(null);
        },
      );
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
        schema: { body: DeleteAccountRequestSchema, response: { 204: noBody('The account is deleted') } },
      },
      async (request, reply) => {
        await service.deleteUser(callerOf(request), request.body);
        return reply.status(204).send(null);
      },
    );
  };

/**
 * In `scope` (an encapsulated plugin) a JSON request with an empty body is a request without one, as it is for
 * every other content type; a body that is there is parsed by Fastify's own JSON parser, with its guards.
 */
function acceptEmptyJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
