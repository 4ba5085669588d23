import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import type { Database } from '../db/database';
import type { AccessTokens } from '../modules/auth/access-token';
import { AppError } from './app-error';

/** Who is calling: set from a valid bearer token whose session has not been revoked. */
export type AuthContext = { userId: string; sessionId: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Reads the bearer token of every request (header, or `access_token` query for WebSocket upgrades). */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { db: Database; tokens: AccessTokens; clock: Clock },
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const claims = await deps.tokens.verify(token, deps.clock.now());
    if (!claims) return;
    const { rows } = await deps.db.query(
      'SELECT 1 FROM auth_sessions WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
      [claims.sessionId, claims.userId],
    );
    if (rows.length === 1) request.auth = claims;
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && request.headers.upgrade === 'websocket' ? fromQuery : null;
}

/** The caller's identity, or 401 'Not authenticated'. Call first in every protected handler. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('not_authenticated', ERRORS.notAuthenticated);
  return request.auth;
}
