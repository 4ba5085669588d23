/**
 * GET /api/health shows the SMS provider's last outcome, so an operator sees "rejecting_credentials" at once. The
 * outcome is kept in the database: a second instance on the same database, which sent nothing, says the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HealthSchema } from '#shared/schemas/api-error';
import {
  acceptedReply,
  startFakeTwilio,
  type FakeReply,
  type FakeTwilio,
} from '../../adapters/sms/fake-twilio-server';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addContact, endOpenAlerts, raiseAlert } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';

describe('GET /api/health: the SMS provider', () => {
  let fake: FakeTwilio;
  let sut: TestApp;
  let other: TestApp;
  let user: TestUser;
  let next: FakeReply = acceptedReply();

  beforeAll(async () => {
    fake = await startFakeTwilio(() => next);
    const env = {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'wrong-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: fake.url,
      SMS_TIMEOUT_MS: '500',
      ALERT_FIRST_ATTEMPT_WAIT_MS: '10000',
    };
    sut = await createTestApp(env);
    other = await createTestApp({ ...env, SCHEDULER_ENABLED: 'false' }, { db: sut.db, clock: sut.clock });
    user = await createTestUser(sut, 'Health Person');
    await addContact(sut, user, '+12015550121');
  });
  afterAll(async () => {
    await other?.close();
    await sut?.close();
    await fake?.close();
  });

  const health = async (app: TestApp) => {
    const res = await app.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    return HealthSchema.parse(res.json()).sms;
  };
  /** An SOS whose first attempt the fake answers with `reply` (the request waits for that attempt). */
  const sosAnswered = async (reply: FakeReply): Promise<void> => {
    next = reply;
    // Each SOS is a new alert: one raised while another is open would join it and text nobody.
    await endOpenAlerts(sut, user);
    expect((await raiseAlert(sut, user)).statusCode).toBe(201);
  };

  it('is unknown before any text was tried', async () => {
    expect(await health(sut)).toEqual({ provider: 'twilio', lastOutcome: 'unknown' });
  });

  it('says rejecting_credentials after a 401, with Twilio’s code, on every instance', async () => {
    await sosAnswered({ status: 401, json: { code: 20003, message: 'Authenticate' } });
    const expected = {
      provider: 'twilio',
      lastOutcome: 'rejecting_credentials',
      httpStatus: 401,
      code: '20003',
      at: sut.clock.now().toISOString(),
    };
    expect(await health(sut)).toEqual(expected);
    expect(await health(other)).toEqual(expected);
  });

  it('says failing after a 500 and after a time-out, and ok once a text is taken', async () => {
    await sosAnswered({ status: 500, json: { code: 20500, message: 'Internal Server Error' } });
    expect(await health(other)).toMatchObject({ lastOutcome: 'failing', httpStatus: 500, code: '20500' });

    await sosAnswered('hang');
    const timedOut = await health(other);
    expect(timedOut).toMatchObject({ lastOutcome: 'failing' });
    expect(timedOut?.httpStatus).toBeUndefined();

    await sosAnswered(acceptedReply());
    expect(await health(other)).toMatchObject({ provider: 'twilio', lastOutcome: 'ok', httpStatus: 201 });
  });

  it('names the dev outbox when no provider is configured', async () => {
    const dev = await createTestApp();
    try {
      expect(await health(dev)).toEqual({ provider: 'dev-outbox', lastOutcome: 'unknown' });
    } finally {
      await dev.close();
    }
  });
});
