/**
 * The official GoTrue client, @supabase/auth-js as Supabase apps use it, unchanged, against Beacon's /api/auth on
 * a real port: sign-up with metadata and a redirect, password sign-in, refresh, reading and updating the user, a
 * recovery e-mail with a redirect, and sign-out.
 */
import { AuthClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '#shared/texts';
import { publicOrigin } from '../../http/public-origin';
import { listenLocally } from '../../testing/raw-http';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { TEST_PASSWORD, pathFromMail, waitForMail } from '../../testing/test-auth';

const NEW_PASSWORD = 'quiet-meadow-compass-81';

type MemoryStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
};

/** What a browser's localStorage would hold, in memory. */
function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

describe('the GoTrue client (@supabase/auth-js) against /api/auth', () => {
  let sut: TestApp;
  let url: string;
  let origin: string;
  beforeAll(async () => {
    sut = await createTestApp({ AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000' });
    url = `http://127.0.0.1:${await listenLocally(sut.app)}/api/auth`;
    origin = publicOrigin(sut.config);
  });
  afterAll(() => sut?.close());

  const newClient = (storage: MemoryStorage = memoryStorage()): InstanceType<typeof AuthClient> =>
    new AuthClient({ url, storage, persistSession: true, autoRefreshToken: false });

  it('drives all seven calls: sign-up, sign-in, refresh, getUser, updateUser, resetPasswordForEmail, signOut', async () => {
    const storage = memoryStorage();
    const auth = newClient(storage);
    const email = 'ada.gotrue@example.test';

    // 1. Sign-up with metadata and a page for the confirmation link to land on.
    const signedUp = await auth.signUp({
      email,
      password: TEST_PASSWORD,
      options: {
        data: { full_name: 'Ada Lovelace', time_zone: 'Europe/London' },
        emailRedirectTo: `${origin}/welcome?from=email`,
      },
    });
    expect(signedUp.error).toBeNull();
    const userId = signedUp.data.user!.id;
    expect(signedUp.data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada Lovelace' },
      email_confirmed_at: null,
    });
    expect(signedUp.data.session?.access_token).toEqual(expect.any(String));
    const confirmation = await waitForMail(sut, email, (mail) => mail.subject.startsWith('Confirm'));
    const confirmed = await sut.app.inject({ method: 'GET', url: pathFromMail(confirmation) });
    expect([confirmed.statusCode, confirmed.headers.location]).toEqual([303, '/welcome?from=email']);

    // 2. Password sign-in (a second device signs in too, for the global sign-out below).
    const signedIn = await auth.signInWithPassword({ email, password: TEST_PASSWORD });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user).toMatchObject({ id: userId, email_confirmed_at: expect.any(String) });
    const otherDevice = newClient();
    expect((await otherDevice.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();

    // 3. Refresh: a new pair, kept in the client's storage.
    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(signedIn.data.session!.refresh_token);
    expect(storage.keys()).toHaveLength(1);

    // 4. getUser, with the refreshed access token.
    const got = await auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user).toMatchObject({ id: userId, email, aud: 'authenticated' });

    // 5. updateUser: metadata; a new password only with the current one, which auth-js passes along.
    const renamed = await auth.updateUser({ data: { full_name: 'Ada King' } });
    expect(renamed.error).toBeNull();
    expect(renamed.data.user?.user_metadata).toMatchObject({ full_name: 'Ada King' });
    const withoutCurrent = await auth.updateUser({ password: NEW_PASSWORD });
    expect(withoutCurrent.error).toMatchObject({ status: 400, message: VALIDATION.currentPasswordRequired });
    const changed = await auth.updateUser({ password: NEW_PASSWORD, current_password: TEST_PASSWORD });
    expect(changed.error).toBeNull();
    // A new password signs other devices out (the rule of every password change).
    expect((await otherDevice.getUser()).error).toMatchObject({ status: 401 });
    expect((await otherDevice.signInWithPassword({ email, password: NEW_PASSWORD })).error).toBeNull();

    // 6. resetPasswordForEmail with a page for the reset screen to go to once the password is set.
    const reset = await auth.resetPasswordForEmail(email, { redirectTo: `${origin}/settings` });
    expect(reset).toEqual({ data: {}, error: null });
    const recovery = await waitForMail(sut, email, (mail) => mail.subject.startsWith('Reset'));
    const link = new URL(`${origin}${pathFromMail(recovery)}`);
    expect([link.pathname, link.searchParams.get('redirect_to')]).toEqual(['/reset-password', '/settings']);

    // 7. signOut (auth-js asks for scope=global): every session of the account ends, and the client forgets its own.
    const signedOut = await auth.signOut();
    expect(signedOut.error).toBeNull();
    expect((await auth.getSession()).data.session).toBeNull();
    expect(storage.keys()).toEqual([]);
    expect((await otherDevice.getUser()).error).toMatchObject({ status: 401 });
    const stale = await sut.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect(stale.statusCode).toBe(401); // the session this client held has ended on the server too
  });

  it('signs out only this device with scope local, and every other device with scope others', async () => {
    const email = 'grace.gotrue@example.test';
    const first = newClient();
    await first.signUp({ email, password: TEST_PASSWORD, options: { data: { full_name: 'Grace Hopper' } } });
    const [second, third] = [newClient(), newClient()];
    for (const device of [second, third]) {
      expect((await device.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    }

    expect((await first.signOut({ scope: 'others' })).error).toBeNull();
    expect((await first.getUser()).error).toBeNull();
    expect((await second.getUser()).error).toMatchObject({ status: 401 });

    expect((await first.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    const fourth = newClient();
    expect((await fourth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await first.signOut({ scope: 'local' })).error).toBeNull();
    expect((await first.getSession()).data.session).toBeNull();
    expect((await fourth.getUser()).error).toBeNull();
    expect((await third.getUser()).error).toMatchObject({ status: 401 });
  });

  it('refuses a redirect to another site, and creates nothing', async () => {
    const auth = newClient();
    const email = 'mallory.gotrue@example.test';
    for (const emailRedirectTo of ['https://evil.example/welcome', `${origin}//evil.example/`]) {
      const refused = await auth.signUp({
        email,
        password: TEST_PASSWORD,
        options: { data: { full_name: 'Mallory' }, emailRedirectTo },
      });
      expect(refused.error).toMatchObject({ status: 400, message: VALIDATION.redirectNotOnSite });
    }
    const reset = await auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/reset' });
    expect(reset.error).toMatchObject({ status: 400, message: VALIDATION.redirectNotOnSite });
    const { rows } = await sut.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([]);
  });
});
