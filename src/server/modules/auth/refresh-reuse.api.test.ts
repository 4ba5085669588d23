import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { ERRORS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi } from '../../testing/test-auth';

/**
 * docs/SECURITY.md, "Sensitive changes, sessions and passwords": a refresh whose answer was lost, or two refreshes
 * at once, must not sign anyone out. The same refresh token presented again within the grace window answers the
 * same new pair; after it, reuse still ends the session (theft detection). docs/decisions/013.
 */
type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

const GRACE_SECONDS = 30;

function refreshWith(sut: TestApp, refreshToken: string): Promise<InjectResult> {
  return sut.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=refresh_token',
    payload: { refresh_token: refreshToken },
  });
}

function userWith(sut: TestApp, accessToken: string): Promise<InjectResult> {
  return sut.app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

describe('refresh token reuse grace', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({
      AUTH_REFRESH_REUSE_GRACE_SECONDS: String(GRACE_SECONDS),
      AUTH_MAX_REQUESTS_PER_ADDRESS: '1000',
    });
  });
  afterAll(() => sut?.close());

  const refresh = (token: string): Promise<InjectResult> => refreshWith(sut, token);
  const pair = (res: InjectResult): AuthSession => AuthSessionSchema.parse(res.json());

  it('a retry within the window (the first answer was lost) gets the same new pair, and the session lives', async () => {
    const person = await signUpViaApi(sut);
    const first = pair(await refresh(person.session.refresh_token));
    sut.clock.advance((GRACE_SECONDS - 1) * 1000);
    const retry = await refresh(person.session.refresh_token);
    expect(retry.statusCode).toBe(200);
    const again = pair(retry);
    expect(again.refresh_token).toBe(first.refresh_token);
    expect(again.access_token).toBe(first.access_token);
    // Same token, same expiry; expires_in counts from now.
    expect(again.expires_at).toBe(first.expires_at);
    expect(again.expires_in).toBe(first.expires_in - (GRACE_SECONDS - 1));
    expect((await userWith(sut, again.access_token)).statusCode).toBe(200);
    expect((await refresh(again.refresh_token)).statusCode).toBe(200);
  });

  it('two refreshes at once both succeed with the same pair', async () => {
    const person = await signUpViaApi(sut);
    const results = await Promise.all([1, 2, 3].map(() => refresh(person.session.refresh_token)));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const tokens = new Set(results.map((res) => pair(res).refresh_token));
    expect(tokens.size).toBe(1);
    const { rows } = await sut.db.query<{ count: string }>(
      `SELECT count(*) AS count FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
       WHERE s.user_id = $1 AND s.revoked_at IS NULL`,
      [person.id],
    );
    expect(Number(rows[0]?.count)).toBe(2);
  });

  it('after the window, presenting the spent token again still ends the whole session', async () => {
    const person = await signUpViaApi(sut);
    const first = pair(await refresh(person.session.refresh_token));
    sut.clock.advance((GRACE_SECONDS + 1) * 1000);
    const reuse = await refresh(person.session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: 'invalid_refresh_token', message: ERRORS.invalidRefreshToken });
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await userWith(sut, first.access_token)).statusCode).toBe(401);
  });

  it('gives nothing back for a token spent by signing out, even within the window', async () => {
    const person = await signUpViaApi(sut);
    await sut.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.headers });
    expect((await refresh(person.session.refresh_token)).statusCode).toBe(401);
  });

  it('gives nothing back once the session ended (a reuse past the window revoked it)', async () => {
    const person = await signUpViaApi(sut);
    const first = pair(await refresh(person.session.refresh_token));
    sut.clock.advance(1000);
    pair(await refresh(first.refresh_token));
    sut.clock.advance((GRACE_SECONDS + 1) * 1000);
    expect((await refresh(first.refresh_token)).statusCode).toBe(401); // theft detected: session revoked
    sut.clock.advance(-(GRACE_SECONDS + 1) * 1000);
    expect((await refresh(person.session.refresh_token)).statusCode).toBe(401);
  });

  it('stores no usable token: only SHA-256 hashes, the successor included', async () => {
    const person = await signUpViaApi(sut);
    const next = pair(await refresh(person.session.refresh_token));
    const { rows } = await sut.db.query<{ token_hash: string }>(
      'SELECT rt.token_hash FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id WHERE s.user_id = $1',
      [person.id],
    );
    const stored = JSON.stringify(rows);
    expect(rows).toHaveLength(2);
    expect(stored).not.toContain(next.refresh_token);
    expect(stored).not.toContain(person.session.refresh_token);
  });

  it('the window is configurable: 0 makes any reuse end the session, as before', async () => {
    const strict = await createTestApp({ AUTH_REFRESH_REUSE_GRACE_SECONDS: '0' });
    try {
      const person = await signUpViaApi(strict);
      strict.clock.advance(1);
      const first = pair(await refreshWith(strict, person.session.refresh_token));
      strict.clock.advance(1);
      expect((await refreshWith(strict, person.session.refresh_token)).statusCode).toBe(401);
      expect((await userWith(strict, first.access_token)).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});
