import type { Queryable } from '../../db/database';
import { one } from '../../db/database';
import { liveSessionExists, sessionIsLive } from '../../access/session-rule';

export type UserRow = {
  id: string;
  email: string;
  password_hash: string;
  email_confirmed_at: Date | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
};

export type OneTimePurpose = 'signup' | 'recovery';

const USER_COLUMNS = 'id, email, password_hash, email_confirmed_at, user_metadata, created_at, updated_at';

// ---- users -------------------------------------------------------------------------------------------------

/** Inserts a user; undefined when the address is taken (the unique index is on lower(email)). */
export function insertUser(
  tx: Queryable,
  user: { email: string; passwordHash: string; metadata: Record<string, unknown>; now: Date },
): Promise<UserRow | undefined> {
  return one<UserRow>(
    tx,
    `INSERT INTO users (email, password_hash, user_metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT ((lower(email))) DO NOTHING
     RETURNING ${USER_COLUMNS}`,
    [user.email, user.passwordHash, JSON.stringify(user.metadata), user.now],
  );
}

export function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email]);
}

export function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
}

/** Applies whichever of password hash and metadata is given; metadata keys merge into the stored ones. */
export function updateUser(
  tx: Queryable,
  id: string,
  change: { passwordHash?: string; metadata?: Record<string, unknown>; now: Date },
): Promise<UserRow | undefined> {
  return one<UserRow>(
    tx,
    `UPDATE users SET
       password_hash = COALESCE($2, password_hash),
       user_metadata = user_metadata || COALESCE($3::jsonb, '{}'::jsonb),
       updated_at = $4
     WHERE id = $1
     RETURNING ${USER_COLUMNS}`,
    [id, change.passwordHash ?? null, change.metadata ? JSON.stringify(change.metadata) : null, change.now],
  );
}

/** Receiving a link at the address proves it: set once, never moved later. */
export async function confirmEmail(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query(
    'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, $2), updated_at = $2 WHERE id = $1',
    [id, now],
  );
}

/** Deletes the account; every row that belongs to it goes with it (ON DELETE CASCADE from users). */
export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [id]);
}

// ---- sessions and refresh tokens ---------------------------------------------------------------------------

/** `passwordResetUntil`: the session a recovery link opens may set a new password without the old one until then. */
export async function insertSession(
  tx: Queryable,
  userId: string,
  now: Date,
  passwordResetUntil: Date | null = null,
): Promise<string> {
  const row = await one<{ id: string }>(
    tx,
    `INSERT INTO auth_sessions (user_id, created_at, refreshed_at, password_reset_until)
     VALUES ($1, $2, $2, $3) RETURNING id`,
    [userId, now, passwordResetUntil],
  );
  return row!.id;
}

/**
 * Closes a session's password-reset window; true when it was open. One conditional UPDATE, so of two password
 * changes at once only one finds it open: the window is used once. An expired window is left as it is (closed).
 */
export async function closePasswordResetWindow(
  tx: Queryable,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const row = await one(
    tx,
    `UPDATE auth_sessions SET password_reset_until = NULL
     WHERE id = $1 AND password_reset_until > $2
     RETURNING id`,
    [sessionId, now],
  );
  return row !== undefined;
}

export async function markSessionRefreshed(tx: Queryable, sessionId: string, now: Date): Promise<void> {
  await tx.query('UPDATE auth_sessions SET refreshed_at = $2 WHERE id = $1', [sessionId, now]);
}

/** Ends one session and spends its unspent refresh tokens. Access tokens stop working at once (authenticate.ts). */
export async function revokeSession(
  tx: Queryable,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE auth_sessions SET revoked_at = $2, revoked_reason = $3 WHERE id = $1 AND ${sessionIsLive()}`,
    [sessionId, now, reason],
  );
  await tx.query('UPDATE refresh_tokens SET spent_at = $2 WHERE session_id = $1 AND spent_at IS NULL', [
    sessionId,
    now,
  ]);
}

/** Ends every session of a user except `keepSessionId` (the device that changed the password). */
export async function revokeOtherSessions(
  tx: Queryable,
  userId: string,
  keepSessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE auth_sessions SET revoked_at = $3, revoked_reason = $4
     WHERE user_id = $1 AND id <> $2 AND ${sessionIsLive()}`,
    [userId, keepSessionId, now, reason],
  );
  await tx.query(
    `UPDATE refresh_tokens SET spent_at = $3
     WHERE spent_at IS NULL AND session_id IN (SELECT id FROM auth_sessions WHERE user_id = $1 AND id <> $2)`,
    [userId, keepSessionId, now],
  );
}

export async function insertRefreshToken(
  tx: Queryable,
  token: { hash: string; sessionId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    'INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [token.hash, token.sessionId, token.now, token.expiresAt],
  );
}

/**
 * Spends an unspent, unexpired refresh token of a live session and returns its session. One conditional UPDATE:
 * when two requests present the same token at once, PostgreSQL's row lock lets exactly one of them match.
 */
export function spendRefreshToken(
  tx: Queryable,
  hash: string,
  now: Date,
): Promise<{ session_id: string; user_id: string } | undefined> {
  return one(
    tx,
    `UPDATE refresh_tokens AS rt SET spent_at = $2
     FROM auth_sessions AS s
     WHERE rt.token_hash = $1 AND rt.spent_at IS NULL AND rt.expires_at > $2
       AND s.id = rt.session_id AND ${sessionIsLive('s')}
     RETURNING rt.session_id, s.user_id`,
    [hash, now],
  );
}

export type KnownRefreshToken = {
  session_id: string;
  user_id: string;
  spent_at: Date | null;
  session_revoked_at: Date | null;
};

export function findRefreshToken(tx: Queryable, hash: string): Promise<KnownRefreshToken | undefined> {
  return one(
    tx,
    `SELECT rt.session_id, s.user_id, rt.spent_at, s.revoked_at AS session_revoked_at
     FROM refresh_tokens AS rt JOIN auth_sessions AS s ON s.id = rt.session_id
     WHERE rt.token_hash = $1`,
    [hash],
  );
}

// ---- one-time e-mail links ---------------------------------------------------------------------------------

export async function insertOneTimeToken(
  tx: Queryable,
  token: { hash: string; userId: string; purpose: OneTimePurpose; now: Date; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO auth_one_time_tokens (token_hash, user_id, purpose, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [token.hash, token.userId, token.purpose, token.now, token.expiresAt],
  );
}

/** Uses a link once: only the first request with an unused, unexpired token gets the user id back. */
export async function useOneTimeToken(
  tx: Queryable,
  hash: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<string | undefined> {
  const row = await one<{ user_id: string }>(
    tx,
    `UPDATE auth_one_time_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id`,
    [hash, purpose, now],
  );
  return row?.user_id;
}

/** Voids a user's outstanding links of one kind (a newer recovery e-mail, or a password just changed). */
export async function voidOneTimeTokens(
  tx: Queryable,
  userId: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<void> {
  await tx.query(
    'UPDATE auth_one_time_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose, now],
  );
}

// ---- live sessions (the sign-in check of every request and socket) -----------------------------------------

/** Which of the given sessions are still signed in (not revoked, not deleted with their account). */
export async function liveSessionIds(db: Queryable, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM auth_sessions WHERE id = ANY($1::uuid[]) AND ${sessionIsLive()}`,
    [[...sessionIds]],
  );
  return new Set(rows.map((row) => row.id));
}

/** Is this the person's session, still signed in? */
export async function isLiveSession(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
  const row = await one<{ live: boolean }>(db, `SELECT ${liveSessionExists('$1', '$2')} AS live`, [
    sessionId,
    userId,
  ]);
  return row?.live === true;
}
