import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listMail, signUpViaApi, waitForMail } from '../../testing/test-auth';

type InjectResult = Awaited<ReturnType<TestApp['app']['inject']>>;

const WINDOW_MINUTES = 15;
const TOO_MANY = { error: 'rate_limited', message: ERRORS.tooManyRequests };

describe('auth rate limits', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({
      AUTH_MAX_FAILED_SIGNINS: '3',
      AUTH_MAX_REQUESTS_PER_ADDRESS: '6',
      AUTH_RATE_WINDOW_MINUTES: String(WINDOW_MINUTES),
      // Also checked here (this suite has its own app anyway): links use PUBLIC_URL when it is set.
      PUBLIC_URL: 'https://beacon.example.org/',
    });
  });
  afterAll(() => sut?.close());

  /** Every test starts at the beginning of a fresh window, so counts from other tests never carry over. */
  const nextWindow = (): void => {
    const windowMs = WINDOW_MINUTES * 60_000;
    sut.clock.set(new Date((Math.floor(sut.clock.now().getTime() / windowMs) + 1) * windowMs));
  };
  let address = 0;
  /** A different client address per call unless one is given, so the per-address limit stays out of the way. */
  const signIn = (email: string, password: string, remoteAddress?: string): Promise<InjectResult> =>
    sut.app.inject({
      method: 'POST',
      url: '/api/auth/token?grant_type=password',
      payload: { email, password },
      remoteAddress: remoteAddress ?? `10.0.0.${++address % 250}`,
    });

  it(`locks sign-in for an account after the allowed failures, even with the right password`, async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.1' });
    for (let i = 0; i < 3; i++)
      expect((await signIn(person.email, 'wrong-password-here')).statusCode).toBe(400);
    const locked = await signIn(person.email, person.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(TOO_MANY);
    expect(Number(locked.headers['retry-after'])).toBe(WINDOW_MINUTES * 60);
    // Other accounts are not affected.
    const other = await signUpViaApi(sut, { remoteAddress: '10.1.0.2' });
    expect((await signIn(other.email, other.password)).statusCode).toBe(200);
    // The lock ends with the window.
    sut.clock.advance(WINDOW_MINUTES * 60_000);
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it('answers the same 429 for an address with no account (a lock reveals nothing)', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.3' });
    const ghost = 'ghost-account@example.test';
    for (let i = 0; i < 3; i++) {
      const [real, fake] = [
        await signIn(person.email, 'wrong-again-1'),
        await signIn(ghost, 'wrong-again-1'),
      ];
      expect(real.body).toBe(fake.body);
      expect(real.statusCode).toBe(400);
    }
    sut.clock.advance(61_000);
    const real = await signIn(person.email, 'wrong-again-1');
    const fake = await signIn(ghost, 'wrong-again-1');
    expect(real.statusCode).toBe(429);
    expect(fake.statusCode).toBe(429);
    expect(real.body).toBe(fake.body);
    expect(real.headers['retry-after']).toBe(fake.headers['retry-after']);
    expect(Number(real.headers['retry-after'])).toBe(WINDOW_MINUTES * 60 - 61);
  });

  it('successful sign-ins do not count as failures', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.4' });
    for (let i = 0; i < 5; i++) expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(person.email, 'nope-nope-nope')).statusCode).toBe(400);
    expect((await signIn(person.email, person.password)).statusCode).toBe(429);
  });

  it('limits auth requests per client address across sign-up, token, recover and verify', async () => {
    nextWindow();
    const from = '192.0.2.7';
    const requests: Array<() => Promise<InjectResult>> = [
      () => signIn('someone@example.test', 'whatever-1234', from),
      () =>
        sut.app.inject({
          method: 'POST',
          url: '/api/auth/recover',
          payload: { email: 'someone@example.test' },
          remoteAddress: from,
        }),
      () =>
        sut.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { type: 'recovery', token: 'nope' },
          remoteAddress: from,
        }),
      () =>
        sut.app.inject({
          method: 'GET',
          url: '/api/auth/verify?type=signup&token=nope',
          remoteAddress: from,
        }),
      () =>
        sut.app.inject({
          method: 'POST',
          url: '/api/auth/token?grant_type=refresh_token',
          payload: { refresh_token: 'nope' },
          remoteAddress: from,
        }),
      () =>
        sut.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { email: 'bad', password: 'x', data: { full_name: 'X' } },
          remoteAddress: from,
        }),
    ];
    for (const send of requests) expect((await send()).statusCode).not.toBe(429);
    for (const send of requests) {
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(TOO_MANY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address is unaffected; the next window starts afresh.
    expect((await signIn('someone@example.test', 'whatever-1234', '192.0.2.8')).statusCode).toBe(400);
    nextWindow();
    expect((await signIn('someone@example.test', 'whatever-1234', from)).statusCode).toBe(400);
  });

  it('caps recovery e-mails per address silently (the answer stays 200 {})', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.5' });
    for (let i = 0; i < 5; i++) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/auth/recover',
        payload: { email: person.email },
        remoteAddress: `10.2.0.${i}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
    const first = await waitForMail(sut, person.email, (message) => message.subject.includes('Reset'));
    expect(first.body).toContain('https://beacon.example.org/reset-password?token=');
    // Give the background sends time to finish, then count.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const resets = (await listMail(sut)).filter(
      (message) => message.to === person.email && message.subject.includes('Reset'),
    );
    expect(resets).toHaveLength(3);
  });

  it('keeps counters in the database, storing no e-mail or IP address', async () => {
    const { rows } = await sut.db.query<{ bucket: string }>('SELECT bucket FROM rate_limit_counters');
    expect(rows.length).toBeGreaterThan(0);
    for (const { bucket } of rows) {
      expect(bucket).not.toContain('@');
      expect(bucket).not.toMatch(/\d+\.\d+\.\d+\.\d+/);
    }
  });
});
