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

  it('lets the owner in from a fresh address however many wrong passwords others sent (no lock-out)', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.1' });
    // Three times the allowance, each guess from another address: before, 3 wrong passwords locked the account.
    for (let i = 0; i < 9; i++)
      expect((await signIn(person.email, 'wrong-password-here')).statusCode).toBe(400);
    // The guessers are slowed down now...
    const slowed = await signIn(person.email, 'wrong-password-here', `10.0.0.${address % 250}`);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual(TOO_MANY);
    // ...but the owner's right password from an address with no failure gets in at once.
    expect((await signIn(person.email, person.password, '10.3.0.1')).statusCode).toBe(200);
    // And so does it from another fresh address, again and again.
    expect((await signIn(person.email, person.password, '10.3.0.2')).statusCode).toBe(200);
    expect((await signIn(person.email, person.password, '10.3.0.2')).statusCode).toBe(200);
  });

  it('throttles guesses from one address at one account, and only that pair', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.2' });
    const guesser = '198.51.100.20';
    for (let i = 0; i < 3; i++) {
      expect((await signIn(person.email, 'wrong-password-here', guesser)).statusCode).toBe(400);
    }
    sut.clock.advance(61_000);
    const held = await signIn(person.email, person.password, guesser);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual(TOO_MANY);
    expect(Number(held.headers['retry-after'])).toBe(WINDOW_MINUTES * 60 - 61);
    // The same address at another account, and another address at this account, are not held back.
    const other = await signUpViaApi(sut, { remoteAddress: '10.1.0.3' });
    expect((await signIn(other.email, other.password, guesser)).statusCode).toBe(200);
    expect((await signIn(person.email, person.password, '198.51.100.21')).statusCode).toBe(200);
    // The hold ends with the window.
    sut.clock.advance(WINDOW_MINUTES * 60_000);
    expect((await signIn(person.email, person.password, guesser)).statusCode).toBe(200);
  });

  it('slows guessing from many addresses down with a growing Retry-After, and never locks', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.4' });
    const guessers = ['198.51.100.31', '198.51.100.32', '198.51.100.33'];
    // One failure from each address: the account's allowance (3) is used up, no address is held back.
    for (const from of guessers)
      expect((await signIn(person.email, 'wrong-guess-1', from)).statusCode).toBe(400);
    // Addresses that already failed must now wait 1 s after the account's last failure, then 2 s, 4 s, ...
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const from = guessers[i % guessers.length];
      const held = await signIn(person.email, 'wrong-guess-2', from);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual(TOO_MANY);
      const wait = Number(held.headers['retry-after']);
      waits.push(wait);
      sut.clock.advance(wait * 1000);
      // Waiting is enough: the guess is heard (and fails).
      expect((await signIn(person.email, 'wrong-guess-2', from)).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);
    // A fresh address is heard at once; from then on it waits like the others, at most a minute.
    const newcomer = '198.51.100.34';
    expect((await signIn(person.email, 'wrong-guess-3', newcomer)).statusCode).toBe(400);
    const held = await signIn(person.email, 'wrong-guess-4', newcomer);
    expect([held.statusCode, held.headers['retry-after']]).toEqual([429, '60']);
    // A held-back attempt is not counted: the wait shrinks while one waits, and then the guess is heard.
    sut.clock.advance(30_000);
    const again = await signIn(person.email, 'wrong-guess-4', newcomer);
    expect([again.statusCode, again.headers['retry-after']]).toEqual([429, '30']);
    sut.clock.advance(30_000);
    expect((await signIn(person.email, 'wrong-guess-4', newcomer)).statusCode).toBe(400);
    // And the owner's password works from an address with no failure, without waiting.
    expect((await signIn(person.email, person.password, '198.51.100.41')).statusCode).toBe(200);
  });

  it('answers the same 429 for an address with no account (a refusal reveals nothing)', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.5' });
    const ghost = 'ghost-account@example.test';
    const from = '198.51.100.50';
    for (let i = 0; i < 3; i++) {
      const [real, fake] = [
        await signIn(person.email, 'wrong-again-1', from),
        await signIn(ghost, 'wrong-again-1', from),
      ];
      expect(real.body).toBe(fake.body);
      expect(real.statusCode).toBe(400);
    }
    const real = await signIn(person.email, 'wrong-again-1', from);
    const fake = await signIn(ghost, 'wrong-again-1', from);
    expect(real.statusCode).toBe(429);
    expect(fake.statusCode).toBe(429);
    expect(real.body).toBe(fake.body);
    expect(real.headers['retry-after']).toBe(fake.headers['retry-after']);
  });

  it('successful sign-ins do not count as failures', async () => {
    nextWindow();
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.6' });
    const from = '198.51.100.60';
    for (let i = 0; i < 5; i++)
      expect((await signIn(person.email, person.password, from)).statusCode).toBe(200);
    // The per-address cap (6 auth requests) is not what this test is about: the next window starts afresh.
    nextWindow();
    for (let i = 0; i < 3; i++)
      expect((await signIn(person.email, 'nope-nope-nope', from)).statusCode).toBe(400);
    expect((await signIn(person.email, person.password, from)).statusCode).toBe(429);
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
    // Every e-mail job the requests woke has run: count.
    await sut.app.idle();
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

describe('auth rate limits behind a proxy (TRUST_PROXY)', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({
      TRUST_PROXY: '10.0.0.2',
      AUTH_MAX_FAILED_SIGNINS: '3',
      AUTH_RATE_WINDOW_MINUTES: String(WINDOW_MINUTES),
    });
    // At the start of a window, so the pair's Retry-After (the rest of the window) is well over a minute.
    const windowMs = WINDOW_MINUTES * 60_000;
    sut.clock.set(new Date((Math.floor(sut.clock.now().getTime() / windowMs) + 1) * windowMs));
  });
  afterAll(() => sut?.close());

  it('counts the address the proxy saw: a client cannot pose as fresh addresses with X-Forwarded-For', async () => {
    const person = await signUpViaApi(sut, { remoteAddress: '10.1.0.1' });
    const attempt = (forwardedFor: string, password = 'wrong-password-here') =>
      sut.app.inject({
        method: 'POST',
        url: '/api/auth/token?grant_type=password',
        payload: { email: person.email, password },
        headers: { 'x-forwarded-for': forwardedFor },
        remoteAddress: '10.0.0.2', // the proxy
      });
    // The client writes a new first entry every time; the proxy appends the address it really came from.
    for (let i = 1; i <= 3; i++) expect((await attempt(`192.0.2.${i}, 198.51.100.9`)).statusCode).toBe(400);
    const held = await attempt('192.0.2.99, 198.51.100.9');
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(60);
    // The owner, forwarded by the same proxy from their own address, gets in.
    expect((await attempt('203.0.113.5', person.password)).statusCode).toBe(200);
  });
});
