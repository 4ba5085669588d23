import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_LIMITS } from '#shared/constants';
import { ABUSE_LIMIT_TEXTS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { signUpViaApi, TEST_PASSWORD } from '../../testing/test-auth';

const LIMIT = 3;
const SHARED_ADDRESS = '203.0.113.7';

/** Accounts created per client address per hour (AUTH_MAX_SIGNUPS_PER_ADDRESS). */
describe('sign-ups per address', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ AUTH_MAX_SIGNUPS_PER_ADDRESS: String(LIMIT) });
    sut.clock.set(new Date('2026-03-02T10:05:00Z'));
  });
  afterAll(() => sut?.close());

  const signUp = (email: string, remoteAddress: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: TEST_PASSWORD, data: { full_name: 'Sam Signup' } },
      remoteAddress,
    });
  const accountsWith = async (email: string): Promise<number> =>
    (await sut.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email])).rows.length;

  it('refuses the next account from an address with 429 and Retry-After, while another address signs up', async () => {
    const first = await signUpViaApi(sut, { remoteAddress: SHARED_ADDRESS });
    // An address already taken creates nothing, so it uses up nothing.
    expect((await signUp(first.email, SHARED_ADDRESS)).json()).toMatchObject({ error: 'email_taken' });
    for (let i = 1; i < LIMIT; i++) await signUpViaApi(sut, { remoteAddress: SHARED_ADDRESS });

    const refused = await signUp('one-too-many@example.test', SHARED_ADDRESS);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: ABUSE_LIMIT_TEXTS.tooManySignUps });
    expect(refused.headers['retry-after']).toBe(String(55 * 60));
    expect(await accountsWith('one-too-many@example.test')).toBe(0);

    // Another address is not held back, and the accounts made from the shared one still sign in.
    expect((await signUp('elsewhere@example.test', '198.51.100.9')).statusCode).toBe(200);
    const signIn = await sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email: first.email, password: first.password },
      remoteAddress: SHARED_ADDRESS,
    });
    expect(signIn.statusCode).toBe(200);

    // The next hour the address may create accounts again.
    sut.clock.advance(SIGN_UP_LIMITS.windowMinutes * 60_000);
    expect((await signUp('one-too-many@example.test', SHARED_ADDRESS)).statusCode).toBe(200);
  });
});
