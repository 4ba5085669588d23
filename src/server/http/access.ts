/**
 * Access rules: every route states who may call it in its `config.access`, and ONE hook enforces that before
 * anything else runs, so an anonymous caller of a signed-in route always gets 401 before any body is read or
 * any validation message could say something about the route. A route that states nothing stops the app from
 * starting (and `access.api.test.ts` walks every route).
 *
 * - `public`: anyone (the health check, sign-in, a public tracking link: holding its code is the permission).
 * - `signed-in`: a bearer access token of a session that is still live (not signed out, not revoked).
 *
 * A signed-in request is checked in two steps. When it arrives, its token's signature and expiry, which needs no
 * database: a caller without a valid token is refused there. The session's row is read only once the request holds
 * its admission slot (http/admission.ts, whose hook runs first), just before validation: so nothing a client does
 * reaches the database before its whole request has arrived and its turn has come. A session signed out since the
 * token was issued is refused then, with the same 401.
 *
 * A route may also be `loopbackOnly` (the dev outboxes): a client that is not on this machine, or a request that
 * came through a proxy, gets the same 404 as a path that does not exist, before its token is even looked at, so
 * nothing tells it the route is there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '#shared/schemas/api-error';
import { ERRORS } from '#shared/texts';
import { AppError } from './app-error';
import { isLoopbackClient } from './loopback';

export const ACCESS_RULES = ['public', 'signed-in'] as const;
export type AccessRule = (typeof ACCESS_RULES)[number];

/** Who is calling a signed-in route: the holder of a valid token whose session is live. */
export type AuthContext = { userId: string; sessionId: string; email: string };

/** The two steps of the sign-in check (modules/auth/session-verifier.ts). */
export type SessionChecks = {
  /** The token's signature and expiry, without the database: its claims, or null. */
  readToken(token: string): Promise<AuthContext | null>;
  /** Whether the session is still signed in; `urgent` asks for the database capacity reserved for the SOS path. */
  isLive(auth: AuthContext, options: { urgent: boolean }): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (required: see http/access.ts). */
    access?: AccessRule;
    /** Domain refusals this route may answer besides the standard ones, for the OpenAPI document. */
    errors?: readonly ErrorCode[];
    /**
     * Part of the SOS path: never waits for an admission slot (http/admission.ts) and uses the database capacity
     * reserved for it (db/database.ts `urgent`).
     */
    urgent?: boolean;
    /**
     * Answered before other people's traffic (the health check, a person's own check-in, arrival, stop, added
     * time): its own admission slots, never behind ordinary requests (http/admission.ts). Unlike `urgent` it does
     * not hold other traffic back.
     */
    priority?: boolean;
    /** Only for clients on this machine (http/loopback.ts); everyone else gets 404 like a missing route. */
    loopbackOnly?: boolean;
    /**
     * A recording's bytes arriving or being streamed: the media lane, with slots of its own, never the ordinary
     * ones (http/admission.ts).
     */
    media?: boolean;
  }
  interface FastifyRequest {
    /**
     * Set for signed-in routes by the access hook; null on public routes. Until validation it holds what the
     * token says (signed by this server, unexpired); the session is confirmed live before validation, so a handler
     * only ever sees a live session's.
     */
    auth: AuthContext | null;
  }
}

export type RegisteredRoute = { method: string; url: string; access: AccessRule | undefined };

/** Installs the access hook; returns a reader of every route registered from now on, with its rule. */
export function registerAccessControl(app: FastifyInstance, checks: SessionChecks): () => RegisteredRoute[] {
  const routes: Array<{ method: string | string[]; url: string; config?: { access?: AccessRule } }> = [];
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  // Routes get their rule from their module or, for third-party plugins, from `withAccess` (which runs after
  // this hook): so the check waits until every route is in.
  app.addHook('onReady', async () => {
    const missing = listed(routes).filter((route) => route.access === undefined);
    if (missing.length > 0) {
      throw new Error(
        `Routes without an access rule: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    if (config.loopbackOnly === true && !isLoopbackClient(request)) {
      throw new AppError('not_found', ERRORS.notFound);
    }
    if (config.access === 'public') return;
    // `signed-in` — and, defensively, a rule this hook does not know: only a valid token passes here...
    const token = bearerToken(request);
    const auth = token ? await checks.readToken(token) : null;
    if (!auth) throw new AppError('not_authenticated', ERRORS.notAuthenticated);
    request.auth = auth;
  });
  // ...and only a live session's reaches validation and the handler.
  app.addHook('preValidation', async (request) => {
    const auth = request.auth;
    if (!auth) return;
    if (await checks.isLive(auth, { urgent: request.routeOptions.config.urgent === true })) return;
    request.auth = null;
    throw new AppError('not_authenticated', ERRORS.notAuthenticated);
  });
  return () => listed(routes);
}

function listed(
  routes: ReadonlyArray<{ method: string | string[]; url: string; config?: { access?: AccessRule } }>,
): RegisteredRoute[] {
  return routes.flatMap((route) =>
    [route.method].flat().map((method) => ({ method, url: route.url, access: route.config?.access })),
  );
}

/** Gives every route a plugin registers (client files, the API reference) the rule `access` unless it has one. */
export async function withAccess(
  app: FastifyInstance,
  access: AccessRule,
  register: (scope: FastifyInstance) => Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: route.config?.access ?? access };
    });
    await register(scope);
  });
}

/** The caller of a signed-in route (the access hook has already refused everyone else). */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('not_authenticated', ERRORS.notAuthenticated);
  return request.auth;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}
