/**
 * The live-session rule, written once: a session counts while its row exists (it goes with its account) and it has
 * not been revoked (signed out here, elsewhere or everywhere, a new password, a reused refresh token). The sign-in
 * check of every request and socket (modules/auth/session-verifier.ts) and the position upload, whose insert
 * confirms its own session in the same statement (http/access.ts, `confirmsSessionInWrite`), both decide with it.
 */

/** The SQL condition on an `auth_sessions` row (optionally aliased) that it is still signed in. */
export function sessionIsLive(alias?: string): string {
  return `${alias ? `${alias}.` : ''}revoked_at IS NULL`;
}

/**
 * SQL: whether the session `sessionId` of `userId` is live, as a boolean expression (the arguments are the
 * statement's placeholders, e.g. `$1`).
 */
export function liveSessionExists(sessionId: string, userId: string): string {
  return `EXISTS (SELECT 1 FROM auth_sessions WHERE id = ${sessionId} AND user_id = ${userId} AND ${sessionIsLive()})`;
}
