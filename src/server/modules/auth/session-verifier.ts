import type { Clock } from '../../adapters/clock';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext, SessionChecks } from '../../http/access';
import type { AccessTokens } from './access-token';
import { isLiveSession, liveSessionIds } from './repository';

/** Checks a bearer token: valid signature, not expired, and its session still signed in. */
export type SessionVerifier = (token: string, options?: { urgent?: boolean }) => Promise<AuthContext | null>;

type SessionDeps = { db: Database; tokens: AccessTokens; clock: Clock };

/**
 * The one sign-in check, in its two steps: the token (signature and expiry, no database) and the session's row.
 * An access token alone is not enough: a session signed out or revoked a second ago no longer passes. The access
 * hook runs the steps at two moments (http/access.ts); the realtime socket runs both at once.
 */
export function createSessionChecks(deps: SessionDeps): SessionChecks {
  return {
    readToken: (token) => deps.tokens.verify(token, deps.clock.now()),
    isLive: (auth, options) =>
      isLiveSession(options.urgent ? deps.db.urgent : deps.db, auth.sessionId, auth.userId),
  };
}

/** Both steps at once. */
export function createSessionVerifier(deps: SessionDeps): SessionVerifier {
  const checks = createSessionChecks(deps);
  return async (token, options = {}) => {
    const claims = await checks.readToken(token);
    if (!claims) return null;
    return (await checks.isLive(claims, { urgent: options.urgent === true })) ? claims : null;
  };
}

/** Which of the given sessions are still signed in (the realtime heartbeat closes the others' sockets). */
export function createLiveSessionLookup(
  db: Queryable,
): (sessionIds: readonly string[]) => Promise<ReadonlySet<string>> {
  return (sessionIds) => liveSessionIds(db, sessionIds);
}
