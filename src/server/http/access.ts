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
 * One route confirms the session in its own write instead (`confirmsSessionInWrite`): the position upload, the
 * busiest route by far (a phone sharing its location sends one every few seconds). Its statement stores the
 * readings only if the session is live, in the same snapshot as the insert, and the route answers the same 401
 * when it is not — one round trip where the two steps took two, and no moment between the check and the write
 * for a sign-out to fall into. Its handler reads the caller with `unconfirmedCallerOf`; `callerOf` refuses to
 * hand such a caller out, so no other code can mistake it for a confirmed one. What such a route tells a session
 * that is no longer live before refusing it is only its validation message, which its public schema
 * (/api/openapi.json) already says.
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
    /**
     * The route's own write confirms the session is live (see the top of http/access.ts): the hook does not read
     * it first, and the handler must use `unconfirmedCallerOf`.
     */
    confirmsSessionInWrite?: boolean;
  }
  interface FastifyRequest {
    /**
     * Set for signed-in routes by the access hook; null on public routes. Until validation it holds what the
     * token says (signed by this server, unexpired); the session is confirmed live before validation, so a handler
     * only ever sees a live session's — except on a route that confirms it in its own write.
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
    if (!auth) throw notSignedIn();
    request.auth = auth;
  });
  // ...and only a live session's reaches validation and the handler.
  app.addHook('preValidation', async (request) => {
    const auth = request.auth;
    if (!auth || request.routeOptions.config.confirmsSessionInWrite === true) return;
    if (await checks.isLive(auth, { urgent: request.routeOptions.config.urgent === true })) return;
    request.auth = null;
    throw notSignedIn();
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
  if (request.routeOptions.config.confirmsSessionInWrite === true) {
    throw new Error(`${request.routeOptions.url}: its session is not confirmed yet (unconfirmedCallerOf)`);
  }
  if (!request.auth) throw notSignedIn();
  return request.auth;
}

/**
 * The caller of a route that confirms the session in its own write: a valid token's claims whose session may
 * have been signed out since. Whatever the handler writes must be written only if `sessionId` is still live, and
 * the handler answers `notSignedIn()` when it was not.
 */
export type UnconfirmedCaller = AuthContext & { readonly sessionUnconfirmed: true };

export function unconfirmedCallerOf(request: FastifyRequest): UnconfirmedCaller {
  if (request.routeOptions.config.confirmsSessionInWrite !== true) {
    throw new Error(`${request.routeOptions.url}: its session is confirmed by the access hook (callerOf)`);
  }
  if (!request.auth) throw notSignedIn();
  return { ...request.auth, sessionUnconfirmed: true };
}

/** The one refusal of a caller without a live session. */
export function notSignedIn(): AppError {
  return new AppError('not_authenticated', ERRORS.notAuthenticated);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}
