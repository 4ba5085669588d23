import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSessionSchema, AuthUserSchema, type AuthSession } from '#shared/schemas/auth-session';
import { ERRORS, VALIDATION, WEAK_PASSWORD_TEXTS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi, tokenFromMail, waitForMail, type SignedUpUser } from '../../testing/test-auth';
import { RECOVERY_SESSION_PASSWORD_WINDOW_MS } from './policy';

/**
 * docs/SECURITY.md, "Sensitive changes, sessions and passwords": a new password and deleting the account need the
 * current password, so an access token alone (copied from a phone, a log, a proxy) cannot take the account. The
 * one exception is the session a recovery link opened: it may set a new password once, within minutes.
 */
type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

const NEW_PASSWORD = 'quiet-meadow-compass-81';
const MAX_WRONG = 3;

describe('sensitive account changes', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({
      AUTH_MAX_FAILED_SIGNINS: String(MAX_WRONG),
      AUTH_MAX_REQUESTS_PER_ADDRESS: '1000',
      // Every test signs its people up from the one test address.
      AUTH_MAX_SIGNUPS_PER_ADDRESS: '1000',
    });
  });
  afterAll(() => sut?.close());

  const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
  const putUser = (token: string, payload: object): Promise<InjectResult> =>
    sut.app.inject({ method: 'PUT', url: '/api/auth/user', headers: bearer(token), payload });
  const deleteUser = (token: string, payload: object): Promise<InjectResult> =>
    sut.app.inject({ method: 'DELETE', url: '/api/auth/user', headers: bearer(token), payload });
  const signIn = (email: string, password: string): Promise<InjectResult> =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password },
    });
  const accountExists = async (person: SignedUpUser): Promise<boolean> =>
    (await sut.db.query('SELECT 1 FROM users WHERE id = $1', [person.id])).rows.length === 1;
  const missingCurrentPassword = {
    error: 'validation_failed',
    field: 'current_password',
    message: VALIDATION.currentPasswordRequired,
  };
  const wrongCurrentPassword = { error: 'current_password_wrong', message: ERRORS.currentPasswordWrong };

  /** Opens the recovery link the person was e-mailed: the session it answers. */
  async function recoverySession(person: SignedUpUser): Promise<AuthSession> {
    await sut.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: person.email } });
    const mail = await waitForMail(sut, person.email, (message) => message.subject.includes('Reset'));
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { type: 'recovery', token: tokenFromMail(mail) },
    });
    return AuthSessionSchema.parse(res.json());
  }

  describe('a new password', () => {
    it('a stolen access token without the current password cannot set one (400 naming current_password)', async () => {
      const person = await signUpViaApi(sut);
      const res = await putUser(person.session.access_token, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(missingCurrentPassword);
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(400);
    });

    it('a wrong current password is refused with 403 current_password_wrong, and nothing changes', async () => {
      const person = await signUpViaApi(sut);
      const res = await putUser(person.session.access_token, {
        password: NEW_PASSWORD,
        current_password: 'not-the-password-at-all',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(wrongCurrentPassword);
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('the right current password sets it', async () => {
      const person = await signUpViaApi(sut);
      const res = await putUser(person.session.access_token, {
        password: NEW_PASSWORD,
        current_password: person.password,
      });
      expect(res.statusCode).toBe(200);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
      expect((await signIn(person.email, person.password)).statusCode).toBe(400);
    });

    it('the name alone changes without the password', async () => {
      const person = await signUpViaApi(sut);
      const res = await putUser(person.session.access_token, { data: { full_name: 'Renamed Person' } });
      expect(res.statusCode).toBe(200);
      expect(AuthUserSchema.parse(res.json()).user_metadata.full_name).toBe('Renamed Person');
    });
  });

  describe('a password with the product name in it', () => {
    it('is refused at sign-up and as a new password, and the refusal says why', async () => {
      const signUp = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'fan@example.test', password: 'I-love-B3acon-2026', data: { full_name: 'A Fan' } },
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json()).toEqual({ error: 'weak_password', message: WEAK_PASSWORD_TEXTS.productName });

      const person = await signUpViaApi(sut);
      const change = await putUser(person.session.access_token, {
        password: 'beacon-harbour-lantern',
        current_password: person.password,
      });
      expect(change.statusCode).toBe(400);
      expect(change.json()).toEqual({ error: 'weak_password', message: WEAK_PASSWORD_TEXTS.productName });
    });
  });

  describe('the sign-in e-mail', () => {
    it('cannot be changed through PUT /api/auth/user at all, with or without the password', async () => {
      const person = await signUpViaApi(sut);
      for (const payload of [
        { email: 'thief@example.test' },
        { email: 'thief@example.test', current_password: person.password },
      ]) {
        const res = await putUser(person.session.access_token, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation_failed' });
      }
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
      expect((await signIn('thief@example.test', person.password)).statusCode).toBe(400);
    });
  });

  describe('deleting the account', () => {
    it('a stolen access token without the current password cannot (400 naming current_password)', async () => {
      const person = await signUpViaApi(sut);
      const res = await deleteUser(person.session.access_token, { confirmation: 'DELETE' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(missingCurrentPassword);
      expect(await accountExists(person)).toBe(true);
    });

    it('a wrong current password is refused with 403, and the account stays', async () => {
      const person = await signUpViaApi(sut);
      const res = await deleteUser(person.session.access_token, {
        confirmation: 'DELETE',
        current_password: 'not-the-password-at-all',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(wrongCurrentPassword);
      expect(await accountExists(person)).toBe(true);
    });

    it('the right current password deletes it', async () => {
      const person = await signUpViaApi(sut);
      const res = await deleteUser(person.session.access_token, {
        confirmation: 'DELETE',
        current_password: person.password,
      });
      expect(res.statusCode).toBe(204);
      expect(await accountExists(person)).toBe(false);
    });
  });

  describe('guessing the current password', () => {
    it(`is throttled per account: after ${MAX_WRONG} wrong ones even the right one waits (429), until the window ends`, async () => {
      const person = await signUpViaApi(sut);
      const token = person.session.access_token;
      for (let i = 0; i < MAX_WRONG; i++) {
        const res = await deleteUser(token, {
          confirmation: 'DELETE',
          current_password: `guess-number-${i}`,
        });
        expect(res.statusCode).toBe(403);
      }
      const blocked = await putUser(token, { password: NEW_PASSWORD, current_password: person.password });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: 'rate_limited', message: ERRORS.tooManyRequests });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(await accountExists(person)).toBe(true);

      sut.clock.advance(sut.config.auth.rateWindowMinutes * 60_000);
      const later = await putUser(token, { password: NEW_PASSWORD, current_password: person.password });
      expect(later.statusCode).toBe(200);
    });

    it('a right password gives its attempt back: the owner is never locked out by their own changes', async () => {
      const person = await signUpViaApi(sut);
      let current = person.password;
      for (let i = 0; i < MAX_WRONG + 1; i++) {
        const next = `${NEW_PASSWORD}-round-${i}`;
        const res = await putUser(person.session.access_token, { password: next, current_password: current });
        expect(res.statusCode).toBe(200);
        current = next;
      }
    });
  });

  describe('the session a recovery link opened', () => {
    it('sets a new password without the old one, once; a second time needs the current password', async () => {
      const person = await signUpViaApi(sut);
      const recovery = await recoverySession(person);
      const first = await putUser(recovery.access_token, { password: NEW_PASSWORD });
      expect(first.statusCode).toBe(200);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);

      const second = await putUser(recovery.access_token, { password: `${NEW_PASSWORD}-again` });
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual(missingCurrentPassword);
      expect((await signIn(person.email, NEW_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps its one use when the first new password is refused as weak', async () => {
      const person = await signUpViaApi(sut);
      const recovery = await recoverySession(person);
      expect((await putUser(recovery.access_token, { password: 'password123' })).statusCode).toBe(400);
      expect((await putUser(recovery.access_token, { password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it(`cannot set one without the old password after ${RECOVERY_SESSION_PASSWORD_WINDOW_MS / 60_000} minutes`, async () => {
      const person = await signUpViaApi(sut);
      const recovery = await recoverySession(person);
      sut.clock.advance(RECOVERY_SESSION_PASSWORD_WINDOW_MS + 1000);
      const res = await putUser(recovery.access_token, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(missingCurrentPassword);
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('a refreshed recovery session is still the same session: one use in all', async () => {
      const person = await signUpViaApi(sut);
      const recovery = await recoverySession(person);
      const refreshed = AuthSessionSchema.parse(
        (
          await sut.app.inject({
            method: 'POST',
            url: '/api/auth/token?grant_type=refresh_token',
            payload: { refresh_token: recovery.refresh_token },
          })
        ).json(),
      );
      expect((await putUser(refreshed.access_token, { password: NEW_PASSWORD })).statusCode).toBe(200);
      expect((await putUser(recovery.access_token, { password: `${NEW_PASSWORD}-2` })).statusCode).toBe(400);
    });

    it('cannot delete the account or change the e-mail without the password', async () => {
      const person = await signUpViaApi(sut);
      const recovery = await recoverySession(person);
      const removal = await deleteUser(recovery.access_token, { confirmation: 'DELETE' });
      expect(removal.statusCode).toBe(400);
      expect(removal.json()).toEqual(missingCurrentPassword);
      expect(await accountExists(person)).toBe(true);
      const email = await putUser(recovery.access_token, { email: 'thief@example.test' });
      expect(email.statusCode).toBe(400);
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });

    it('an ordinary sign-in session has no such window', async () => {
      const person = await signUpViaApi(sut);
      const session = AuthSessionSchema.parse((await signIn(person.email, person.password)).json());
      const res = await putUser(session.access_token, { password: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(missingCurrentPassword);
    });
  });
});
