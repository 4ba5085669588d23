import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { createAccessTokens } from '../modules/auth/access-token';

export type TestUser = { id: string; email: string; token: string; headers: { authorization: string } };

/**
 * Creates a signed-in user directly in the database (no HTTP round trip), for tests of modules other than auth.
 * The profile row is created as sign-up would.
 */
export async function createTestUser(sut: TestApp, fullName = 'Test Person'): Promise<TestUser> {
  const id = randomUUID();
  const email = `${id.slice(0, 8)}@example.test`;
  await sut.db.query(
    "INSERT INTO users (id, email, password_hash, user_metadata) VALUES ($1, $2, 'not-a-hash', $3)",
    [id, email, JSON.stringify({ full_name: fullName })],
  );
  await sut.db.query('INSERT INTO profiles (id, full_name, email) VALUES ($1, $2, $3)', [
    id,
    fullName,
    email,
  ]);
  const { rows } = await sut.db.query<{ id: string }>(
    'INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id',
    [id],
  );
  const tokens = createAccessTokens(sut.config.jwtSecret!);
  const { token } = await tokens.sign({ userId: id, sessionId: rows[0]!.id, email }, sut.clock.now());
  return { id, email, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The same person signed in again at the test clock's current time (access tokens last an hour, so a test that
 * moves the clock by a day needs fresh ones).
 */
export async function signInAgain(sut: TestApp, user: TestUser): Promise<TestUser> {
  const { rows } = await sut.db.query<{ id: string }>(
    'INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id',
    [user.id],
  );
  const tokens = createAccessTokens(sut.config.jwtSecret!);
  const { token } = await tokens.sign(
    { userId: user.id, sessionId: rows[0]!.id, email: user.email },
    sut.clock.now(),
  );
  return { ...user, token, headers: { authorization: `Bearer ${token}` } };
}
