import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../http/access';
import type { AccessTokens } from './access-token';
import { isLiveSession } from './repository';

/** Checks a bearer token: valid signature, not expired, and its session still signed in. */
export type SessionVerifier = (token: string, options?: { urgent?: boolean }) => Promise<AuthContext | null>;

/**
 * The one sign-in check, used by the access hook of every signed-in route and by the realtime socket. An access
 * token alone is not enough: a session signed out or revoked a second ago no longer passes.
 */
export function createSessionVerifier(deps: {
  db: Database;
  tokens: AccessTokens;
  clock: Clock;
}): SessionVerifier {
  return async (token, options = {}) => {
    const claims = await deps.tokens.verify(token, deps.clock.now());
    if (!claims) return null;
    const lane = options.urgent ? deps.db.urgent : deps.db;
    return (await isLiveSession(lane, claims.sessionId, claims.userId)) ? claims : null;
  };
}
