import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH } from '#shared/constants';
import { AuthSessionSchema, AuthUserSchema } from '#shared/schemas/auth-session';
import { ProfileSchema } from '#shared/schemas/profile';
import { ERRORS, FIELD_ISSUE_TEXTS, VALIDATION, WEAK_PASSWORD_TEXTS } from '#shared/texts';
import { publicOrigin } from '../../http/public-origin';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  TEST_PASSWORD,
  pathFromMail,
  signUpViaApi,
  tokenFromMail,
  waitForMail,
} from '../../testing/test-auth';

type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The test app's public address: no PUBLIC_URL, the default port. */
const SITE = 'http://localhost:3000';

describe('auth API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    // Every test signs its people up from the one test address (sign-ups per address: sign-up-limit.api.test.ts).
    sut = await createTestApp({ AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000' });
  });
  afterAll(() => sut?.close());

  const signIn = (email: string, password: string): Promise<InjectResult> =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password },
    });
  const refresh = (refreshToken: string): Promise<InjectResult> =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=refresh_token',
      payload: { refresh_token: refreshToken },
    });
  const getUser = (accessToken: string): Promise<InjectResult> =>
    sut.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${accessToken}` },
    });

  describe('sign-up', () => {
    it('signs the person in at once and answers the session object', async () => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'Ada@Example.test', password: TEST_PASSWORD, data: { full_name: 'Ada Lovelace' } },
      });
      expect(res.statusCode).toBe(200);
      const session = AuthSessionSchema.parse(res.json());
      expect(session.token_type).toBe('bearer');
      expect(session.expires_in).toBe(AUTH.accessTokenTtlSeconds);
      expect(session.expires_at).toBe(
        Math.floor(sut.clock.now().getTime() / 1000) + AUTH.accessTokenTtlSeconds,
      );
      expect(session.user).toMatchObject({
        email: 'ada@example.test',
        email_confirmed_at: null,
        user_metadata: { full_name: 'Ada Lovelace' },
      });
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await getUser(session.access_token)).statusCode).toBe(200);
    });

    it('creates the profile seeded from the user (name, e-mail, no phone)', async () => {
      const person = await signUpViaApi(sut, { fullName: 'Grace Hopper' });
      const res = await sut.app.inject({ method: 'GET', url: '/api/profile', headers: person.headers });
      const profile = ProfileSchema.parse(res.json());
      expect(profile).toMatchObject({
        id: person.id,
        full_name: 'Grace Hopper',
        email: person.email,
        phone: null,
        emergency_contacts: [],
      });
    });

    it('stores the password as an argon2id hash', async () => {
      const person = await signUpViaApi(sut);
      const { rows } = await sut.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [person.id],
      );
      expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(rows[0]?.password_hash).not.toContain(person.password);
    });

    it('answers 422 email_taken for an existing address, in any letter case', async () => {
      const person = await signUpViaApi(sut);
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: {
          email: person.email.toUpperCase(),
          password: TEST_PASSWORD,
          data: { full_name: 'Someone' },
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'email_taken', message: ERRORS.emailTaken });
    });

    it.each([
      ['12345678'],
      ['password'],
      ['Password1!'],
      ['P@ssw0rd123'],
      ['aaaaaaaaaaaa'],
      ['abcdefgh'],
      ['qwertyuiop'],
      ['87654321'],
      ['weakling-signup2024'],
    ])('rejects the weak password %j with 400 weak_password', async (password) => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'weakling-signup@example.test', password, data: { full_name: 'Weak Ling' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'weak_password' });
      // The refusal says why: one of the reasons, never a vague "too weak".
      expect(Object.values(WEAK_PASSWORD_TEXTS)).toContain(res.json<{ message: string }>().message);
    });

    it.each([
      [{ email: 'a@b.co', password: 'short', data: { full_name: 'Abe' } }, VALIDATION.passwordTooShort],
      [
        { email: '', password: TEST_PASSWORD, data: { full_name: 'Abe' } },
        FIELD_ISSUE_TEXTS.withField('Email', VALIDATION.requiredFields),
      ],
      [
        { email: 'a@b.co', password: '', data: { full_name: 'Abe' } },
        FIELD_ISSUE_TEXTS.withField('Password', VALIDATION.requiredFields),
      ],
      [{ email: 'a@b.co', password: TEST_PASSWORD, data: { full_name: '' } }, VALIDATION.enterFullName],
      [{ email: 'a@b.co', password: TEST_PASSWORD }, VALIDATION.enterFullName],
      [
        { email: 'not-an-email', password: TEST_PASSWORD, data: { full_name: 'Abe' } },
        VALIDATION.invalidEmail,
      ],
    ])('validates %j → %s', async (payload, message) => {
      const res = await sut.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    });

    it('sends a confirmation link that confirms the address and redirects to the site root', async () => {
      const person = await signUpViaApi(sut);
      const mail = await waitForMail(sut, person.email, (message) => message.subject.includes('Confirm'));
      const path = pathFromMail(mail);
      expect(path).toMatch(/^\/api\/auth\/verify\?type=signup&token=/);
      const res = await sut.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
      const user = AuthUserSchema.parse((await getUser(person.session.access_token)).json());
      expect(user.email_confirmed_at).toBe(sut.clock.now().toISOString());

      const again = await sut.app.inject({ method: 'GET', url: path });
      expect(again.statusCode).toBe(303);
      expect(again.headers.location).toBe('/#error=invalid_link');
    });

    it('leads the confirmation link to the page redirect_to names, if it is a page of this site', async () => {
      expect(publicOrigin(sut.config)).toBe(SITE);
      const email = 'redirected@example.test';
      const res = await sut.app.inject({
        method: 'POST',
        url: `/api/auth/signup?redirect_to=${encodeURIComponent(`${SITE}/welcome?step=2#top`)}`,
        payload: { email, password: TEST_PASSWORD, data: { full_name: 'Rita Redirect' } },
      });
      expect(res.statusCode).toBe(200);
      const path = pathFromMail(await waitForMail(sut, email));
      expect(new URLSearchParams(path.split('?')[1]).get('redirect_to')).toBe('/welcome?step=2#top');
      const landed = await sut.app.inject({ method: 'GET', url: path });
      expect([landed.statusCode, landed.headers.location]).toEqual([303, '/welcome?step=2#top']);
    });

    it.each([
      'https://evil.example/welcome',
      '//evil.example/welcome',
      `${SITE}//evil.example/`,
      `${SITE}@evil.example/`,
      'javascript:alert(1)',
      'http://localhost:4000/',
    ])('refuses redirect_to %s (not a page of this site), whatever the Host header says', async (target) => {
      const email = `refused-${Math.random().toString(36).slice(2, 8)}@example.test`;
      const res = await sut.app.inject({
        method: 'POST',
        url: `/api/auth/signup?redirect_to=${encodeURIComponent(target)}`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { email, password: TEST_PASSWORD, data: { full_name: 'Mallory' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        field: 'redirect_to',
        message: VALIDATION.redirectNotOnSite,
      });
      expect((await sut.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rows).toEqual([]);
    });

    it('refuses a confirmation link whose redirect_to was changed to another site, and keeps the link usable', async () => {
      const person = await signUpViaApi(sut);
      const token = tokenFromMail(await waitForMail(sut, person.email));
      for (const target of [
        '//evil.example/',
        '/\\evil.example/',
        'https://evil.example/',
        '/\t/evil.example',
      ]) {
        const query = new URLSearchParams({ type: 'signup', token, redirect_to: target });
        const res = await sut.app.inject({ method: 'GET', url: `/api/auth/verify?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'redirect_to' });
      }
      const res = await sut.app.inject({ method: 'GET', url: `/api/auth/verify?type=signup&token=${token}` });
      expect([res.statusCode, res.headers.location]).toEqual([303, '/']);
    });

    it('confirms through POST /api/auth/verify {type:"signup"} too', async () => {
      const person = await signUpViaApi(sut);
      const token = tokenFromMail(await waitForMail(sut, person.email));
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { type: 'signup', token },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      const user = AuthUserSchema.parse((await getUser(person.session.access_token)).json());
      expect(user.email_confirmed_at).not.toBeNull();
    });
  });

  describe('sign-in', () => {
    it('answers a session for the right password', async () => {
      const person = await signUpViaApi(sut);
      const res = await signIn(person.email.toUpperCase(), person.password);
      expect(res.statusCode).toBe(200);
      const session = AuthSessionSchema.parse(res.json());
      expect(session.user.id).toBe(person.id);
      expect(session.refresh_token).not.toBe(person.session.refresh_token);
    });

    it('answers a wrong password and an unknown e-mail identically', async () => {
      const person = await signUpViaApi(sut);
      const wrong = await signIn(person.email, 'not-the-password-at-all');
      const unknown = await signIn('nobody-here@example.test', 'not-the-password-at-all');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_credentials', message: ERRORS.invalidCredentials });
      }
      expect(wrong.body).toBe(unknown.body);
      expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    });

    it('works for an unconfirmed address (nobody is kept from SOS by an unread e-mail)', async () => {
      const person = await signUpViaApi(sut);
      expect(person.session.user.email_confirmed_at).toBeNull();
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it.each([
      [
        '/api/auth/token?grant_type=password',
        {},
        FIELD_ISSUE_TEXTS.withField('Email', VALIDATION.requiredFields),
      ],
      [
        '/api/auth/token?grant_type=password',
        { email: 'a@b.co' },
        FIELD_ISSUE_TEXTS.withField('Password', VALIDATION.requiredFields),
      ],
      [
        '/api/auth/token?grant_type=refresh_token',
        {},
        FIELD_ISSUE_TEXTS.withField('Refresh token', VALIDATION.requiredFields),
      ],
      [
        '/api/auth/token?grant_type=pkce',
        { email: 'a@b.co', password: 'x' },
        FIELD_ISSUE_TEXTS.oneOf('Grant type', ['"password"', '"refresh_token"']),
      ],
      ['/api/auth/token', { email: 'a@b.co', password: 'x' }, FIELD_ISSUE_TEXTS.required('Grant type')],
    ])('validates %s %j → %s', async (url, payload, message) => {
      const res = await sut.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every use: a new pair each time, the old refresh token spent', async () => {
      const person = await signUpViaApi(sut);
      const first = await refresh(person.session.refresh_token);
      expect(first.statusCode).toBe(200);
      const next = AuthSessionSchema.parse(first.json());
      expect(next.refresh_token).not.toBe(person.session.refresh_token);
      expect(next.user.id).toBe(person.id);
      sut.clock.advance(1000);
      const second = await refresh(next.refresh_token);
      expect(second.statusCode).toBe(200);
      expect((await getUser(AuthSessionSchema.parse(second.json()).access_token)).statusCode).toBe(200);
    });

    it('are stored only as SHA-256 hashes', async () => {
      const person = await signUpViaApi(sut);
      const { rows } = await sut.db.query<{ token_hash: string }>(
        'SELECT rt.token_hash FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id WHERE s.user_id = $1',
        [person.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.token_hash).not.toContain(person.session.refresh_token);
    });

    it('presenting a spent one revokes the whole session: its access tokens stop working too', async () => {
      const person = await signUpViaApi(sut);
      const rotated = AuthSessionSchema.parse((await refresh(person.session.refresh_token)).json());
      // Past the grace window for a lost answer (refresh-reuse.api.test.ts): this is a copied token.
      sut.clock.advance((sut.config.auth.refreshReuseGraceSeconds + 1) * 1000);
      const reuse = await refresh(person.session.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual({ error: 'invalid_refresh_token', message: ERRORS.invalidRefreshToken });
      // The legitimate newest token dies with the session, and so do both access tokens.
      expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
      expect((await getUser(rotated.access_token)).statusCode).toBe(401);
      expect((await getUser(person.session.access_token)).statusCode).toBe(401);
      // Another session of the same person is untouched.
      const elsewhere = AuthSessionSchema.parse((await signIn(person.email, person.password)).json());
      expect((await getUser(elsewhere.access_token)).statusCode).toBe(200);
    });

    it('is safe under concurrent use: two simultaneous refreshes both get the same one new pair', async () => {
      const person = await signUpViaApi(sut);
      const results = await Promise.all([
        refresh(person.session.refresh_token),
        refresh(person.session.refresh_token),
      ]);
      expect(results.map((res) => res.statusCode)).toEqual([200, 200]);
      const [a, b] = results.map((res) => AuthSessionSchema.parse(res.json()));
      expect(b?.refresh_token).toBe(a?.refresh_token);
      expect(b?.access_token).toBe(a?.access_token);
      expect((await getUser(a!.access_token)).statusCode).toBe(200);
      const { rows } = await sut.db.query<{ count: string }>(
        `SELECT count(*) AS count FROM refresh_tokens rt JOIN auth_sessions s ON s.id = rt.session_id
         WHERE s.user_id = $1`,
        [person.id],
      );
      // The original and at most one successor: never two successors of one token.
      expect(Number(rows[0]?.count)).toBe(2);
      // The session lives on: the pair both were given works.
      expect((await refresh(a!.refresh_token)).statusCode).toBe(200);
    });

    it('answers 401 for an unknown or expired refresh token', async () => {
      expect((await refresh('not-a-real-token')).statusCode).toBe(401);
      const person = await signUpViaApi(sut);
      sut.clock.advance((AUTH.refreshTokenTtlDays * 86_400 + 1) * 1000);
      try {
        const res = await refresh(person.session.refresh_token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'invalid_refresh_token', message: ERRORS.invalidRefreshToken });
      } finally {
        sut.clock.advance(-(AUTH.refreshTokenTtlDays * 86_400 + 1) * 1000);
      }
    });

    it('an access token expires after its lifetime', async () => {
      const person = await signUpViaApi(sut);
      sut.clock.advance((AUTH.accessTokenTtlSeconds + 1) * 1000);
      try {
        expect((await getUser(person.session.access_token)).statusCode).toBe(401);
        expect((await refresh(person.session.refresh_token)).statusCode).toBe(200);
      } finally {
        sut.clock.advance(-(AUTH.accessTokenTtlSeconds + 1) * 1000);
      }
    });
  });

  describe('logout', () => {
    it('answers 204 and revokes the session (access and refresh token)', async () => {
      const person = await signUpViaApi(sut);
      const res = await sut.app.inject({ method: 'POST', url: '/api/auth/logout', headers: person.headers });
      expect(res.statusCode).toBe(204);
      expect((await getUser(person.session.access_token)).statusCode).toBe(401);
      expect((await refresh(person.session.refresh_token)).statusCode).toBe(401);
    });

    it('ends only this session without a scope; a JSON request with an empty body is a request without one', async () => {
      const person = await signUpViaApi(sut);
      const elsewhere = AuthSessionSchema.parse((await signIn(person.email, person.password)).json());
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...person.headers, 'content-type': 'application/json' },
        body: '',
      });
      expect(res.statusCode).toBe(204);
      expect((await getUser(person.session.access_token)).statusCode).toBe(401);
      expect((await getUser(elsewhere.access_token)).statusCode).toBe(200);
    });

    it('refuses an unknown scope and a broken JSON body, naming them', async () => {
      const person = await signUpViaApi(sut);
      const scope = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/logout?scope=everyone',
        headers: person.headers,
      });
      expect(scope.statusCode).toBe(400);
      expect(scope.json()).toMatchObject({ error: 'validation_failed', field: 'scope' });
      const broken = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...person.headers, 'content-type': 'application/json' },
        body: '{"scope":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ error: 'validation_failed', field: 'body' });
      expect((await getUser(person.session.access_token)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await sut.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    });
  });

  describe('the user', () => {
    it('GET answers the user, never the password hash', async () => {
      const person = await signUpViaApi(sut);
      const res = await getUser(person.session.access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(person.session.user);
      expect(res.body).not.toContain('argon2');
    });

    it('PUT updates the metadata', async () => {
      const person = await signUpViaApi(sut);
      const res = await sut.app.inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: person.headers,
        payload: { data: { full_name: 'New Name' } },
      });
      expect(res.statusCode).toBe(200);
      expect(AuthUserSchema.parse(res.json()).user_metadata.full_name).toBe('New Name');
    });

    it('PUT {password} changes it and signs out every other session', async () => {
      const person = await signUpViaApi(sut);
      const other = AuthSessionSchema.parse((await signIn(person.email, person.password)).json());
      const res = await sut.app.inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: person.headers,
        payload: { password: 'a-brand-new-passphrase-9', current_password: person.password },
      });
      expect(res.statusCode).toBe(200);
      expect((await getUser(person.session.access_token)).statusCode).toBe(200);
      expect((await getUser(other.access_token)).statusCode).toBe(401);
      expect((await refresh(other.refresh_token)).statusCode).toBe(401);
      expect((await signIn(person.email, person.password)).statusCode).toBe(400);
      expect((await signIn(person.email, 'a-brand-new-passphrase-9')).statusCode).toBe(200);
    });

    it.each([
      [{ password: 'short' }, 400, { error: 'validation_failed', message: VALIDATION.passwordTooShort }],
      [{ password: 'password123' }, 400, { error: 'weak_password', message: WEAK_PASSWORD_TEXTS.common }],
      [
        { data: { full_name: 'A' } },
        400,
        { error: 'validation_failed', message: VALIDATION.fullNameRequired },
      ],
      [{ email: 'x@y.zz' }, 400, { error: 'validation_failed' }],
    ])('PUT %j → %i', async (payload, status, body) => {
      const person = await signUpViaApi(sut);
      const res = await sut.app.inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: person.headers,
        payload,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject(body);
    });

    it('rejects a new password built from the e-mail address', async () => {
      const person = await signUpViaApi(sut, { email: 'marguerite@example.test' });
      const res = await sut.app.inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: person.headers,
        payload: { password: 'Marguerite-2024', current_password: person.password },
      });
      expect(res.json()).toEqual({ error: 'weak_password', message: WEAK_PASSWORD_TEXTS.personal });
    });

    it.each([
      ['GET', undefined],
      ['PUT', { data: { full_name: 'Nobody Here' } }],
      ['DELETE', { confirmation: 'DELETE' }],
    ] as const)('%s /api/auth/user answers 401 without a valid token', async (method, payload) => {
      for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }]) {
        const res = await sut.app.inject({ method, url: '/api/auth/user', headers, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
      }
    });
  });

  describe('password recovery', () => {
    const recover = (email: string): Promise<InjectResult> =>
      sut.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });

    it('works end to end through the dev outbox', async () => {
      const person = await signUpViaApi(sut);
      const other = AuthSessionSchema.parse((await signIn(person.email, person.password)).json());
      const res = await recover(person.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      const mail = await waitForMail(sut, person.email, (message) => message.subject.includes('Reset'));
      expect(mail.body).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=/);
      const token = tokenFromMail(mail);

      const verified = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { type: 'recovery', token },
      });
      expect(verified.statusCode).toBe(200);
      const session = AuthSessionSchema.parse(verified.json());
      expect(session.user.id).toBe(person.id);
      // Receiving the link proves the address.
      expect(session.user.email_confirmed_at).not.toBeNull();

      const changed = await sut.app.inject({
        method: 'PUT',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: { password: 'recovered-and-renewed-77' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await signIn(person.email, 'recovered-and-renewed-77')).statusCode).toBe(200);
      expect((await signIn(person.email, person.password)).statusCode).toBe(400);
      expect((await getUser(other.access_token)).statusCode).toBe(401);

      // Single use.
      const reused = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { type: 'recovery', token },
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({ error: 'invalid_link', message: ERRORS.invalidOrExpiredLink });
    });

    it('answers 200 {} for an unknown address and sends nothing', async () => {
      const known = await signUpViaApi(sut);
      const a = await recover('nobody-at-all@example.test');
      const b = await recover(known.email);
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
      await waitForMail(sut, known.email, (message) => message.subject.includes('Reset'));
      const { rows } = await sut.db.query(
        "SELECT 1 FROM dev_outbox WHERE recipient = 'nobody-at-all@example.test'",
      );
      expect(rows).toHaveLength(0);
    });

    it('a link expires after an hour', async () => {
      const person = await signUpViaApi(sut);
      await recover(person.email);
      const token = tokenFromMail(
        await waitForMail(sut, person.email, (message) => message.subject.includes('Reset')),
      );
      sut.clock.advance(60 * 60 * 1000 + 1000);
      try {
        const res = await sut.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { type: 'recovery', token },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_link', message: ERRORS.invalidOrExpiredLink });
      } finally {
        sut.clock.advance(-(60 * 60 * 1000 + 1000));
      }
    });

    it('a recovery token is not a sign-up token and the reverse', async () => {
      const person = await signUpViaApi(sut);
      const confirmToken = tokenFromMail(await waitForMail(sut, person.email));
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/verify',
        payload: { type: 'recovery', token: confirmToken },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_link', message: ERRORS.invalidOrExpiredLink });
    });

    it('answers invalid_link for a made-up token', async () => {
      for (const type of ['signup', 'recovery']) {
        const res = await sut.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { type, token: 'made-up' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_link', message: ERRORS.invalidOrExpiredLink });
      }
    });
  });
});
