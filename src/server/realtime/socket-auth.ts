import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import type { AuthContext } from '../http/authenticate';
import type { AccessTokens } from '../modules/auth/access-token';

/** Checks a token sent in a socket's first message, the same way the HTTP hook checks a bearer token. */
export type VerifyToken = (token: string) => Promise<AuthContext | null>;

export function createTokenVerifier(deps: {
  db: Queryable;
  tokens: AccessTokens;
  clock: Clock;
}): VerifyToken {
  return async (token) => {
    const claims = await deps.tokens.verify(token, deps.clock.now());
    if (!claims) return null;
    const live = await liveSessionIds(deps.db, [claims.sessionId]);
    return live.has(claims.sessionId) ? claims : null;
  };
}

/** Which of the given sessions are still signed in (not revoked, not deleted with their account). */
export async function liveSessionIds(db: Queryable, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM auth_sessions WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL',
    [[...sessionIds]],
  );
  return new Set(rows.map((row) => row.id));
}
