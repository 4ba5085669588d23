import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DURESS_SMS_LINE } from '#shared/alert-sms-text';
import { SAFETY_PIN } from '#shared/constants';
import { SAFETY_PIN_ERRORS, SAFETY_PIN_VALIDATION } from '#shared/safety-pin-texts';
import type { AlertDetail, AlertListResponse, WardAlertListResponse } from '#shared/schemas/alert';
import type { EscortSession } from '#shared/schemas/journey';
import { PUSH_TEXTS } from '#shared/push-texts';
import { browserKeys, type FakePushService } from '../../testing/fake-push-service';
import { createPasswordHasher } from '../auth/password';
import { createTestAppWithPush, type TestAppWithPush } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { linkGuardian, openSocket } from '../guardians/guardian-test-helpers';

const PASSWORD = 'blue-harbour-lantern-42';
const SAFETY = '4827';
const DURESS = '19385';

/** The safety PIN and the duress PIN: set with the password, asked by "I'm safe", a late journey's end, a countdown. */
describe('the safety PIN and the duress PIN', () => {
  let sut: TestAppWithPush;
  let push: FakePushService;
  let passwordHash: string;
  beforeAll(async () => {
    sut = await createTestAppWithPush();
    push = sut.push;
    passwordHash = await createPasswordHasher().hash(PASSWORD);
  });
  afterAll(async () => {
    await sut?.close();
  });

  const person = async (name: string, contacts = ['+447400123456', '+447400123457']): Promise<TestUser> => {
    const user = await createTestUser(sut, name);
    await sut.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, passwordHash]);
    for (const [index, phone] of contacts.entries()) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: user.headers,
        payload: { name: `Contact ${index + 1}`, phone },
      });
      expect(res.statusCode).toBe(201);
    }
    return user;
  };
  const setPins = (user: TestUser, body: Record<string, unknown>) =>
    sut.app.inject({ method: 'PUT', url: '/api/safety-pin', headers: user.headers, payload: body });
  const withPins = async (name: string): Promise<TestUser> => {
    const user = await person(name);
    const res = await setPins(user, { password: PASSWORD, safety_pin: SAFETY, duress_pin: DURESS });
    expect(res.statusCode).toBe(200);
    return user;
  };
  const raise = async (user: TestUser): Promise<AlertDetail> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual' },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AlertDetail>();
  };
  const resolve = (user: TestUser, id: string, pin?: string) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/alerts/${id}/resolve`,
      headers: user.headers,
      ...(pin === undefined ? {} : { payload: { pin } }),
    });
  const outbox = async (userId: string) =>
    (
      await sut.db.query<{ recipient: string; body: string }>(
        "SELECT recipient, body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 ORDER BY created_at, id",
        [userId],
      )
    ).rows;
  const myAlerts = async (user: TestUser, query = ''): Promise<AlertListResponse> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: user.headers })).json();
  /** The keys of a value, all the way down: the shape of an answer without its ids and times. */
  const shapeOf = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(shapeOf);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, shapeOf(inner)]),
      );
    }
    return value === null ? 'null' : typeof value;
  };

  it('is set with the account password, answered only as set or not, and never returned', async () => {
    const alex = await person('Alex Pin');
    const status = () => sut.app.inject({ method: 'GET', url: '/api/safety-pin', headers: alex.headers });
    expect((await status()).json()).toEqual({ safety_pin_set: false });

    const wrongPassword = await setPins(alex, { password: 'not-my-password', safety_pin: SAFETY });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toMatchObject({ error: 'current_password_wrong' });
    expect((await status()).json()).toEqual({ safety_pin_set: false });

    const set = await setPins(alex, { password: PASSWORD, safety_pin: SAFETY, duress_pin: DURESS });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ safety_pin_set: true });
    expect((await status()).json()).toEqual({ safety_pin_set: true });
    const { rows } = await sut.db.query<{ safety_hash: string; duress_hash: string }>(
      'SELECT safety_hash, duress_hash FROM safety_pins WHERE user_id = $1',
      [alex.id],
    );
    expect(rows[0]!.safety_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]!.duress_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows)).not.toContain(SAFETY);

    const removed = await setPins(alex, { password: PASSWORD, safety_pin: null });
    expect(removed.json()).toEqual({ safety_pin_set: false });
    expect((await status()).json()).toEqual({ safety_pin_set: false });
  });

  it('refuses malformed PINs with 400 naming the field, and stores nothing', async () => {
    const alex = await person('Alex Format');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ password: PASSWORD, safety_pin: '123' }, 'safety_pin', SAFETY_PIN_VALIDATION.pinFormat],
      [{ password: PASSWORD, safety_pin: '123456789' }, 'safety_pin', SAFETY_PIN_VALIDATION.pinFormat],
      [{ password: PASSWORD, safety_pin: '12a4' }, 'safety_pin', SAFETY_PIN_VALIDATION.pinFormat],
      [{ password: PASSWORD, safety_pin: 1234 }, 'safety_pin', SAFETY_PIN_VALIDATION.pinFormat],
      [
        { password: PASSWORD, safety_pin: SAFETY, duress_pin: SAFETY },
        'duress_pin',
        SAFETY_PIN_VALIDATION.pinsMustDiffer,
      ],
      [
        { password: PASSWORD, safety_pin: null, duress_pin: DURESS },
        'duress_pin',
        SAFETY_PIN_VALIDATION.duressNeedsSafety,
      ],
      [{ safety_pin: SAFETY }, 'password', SAFETY_PIN_VALIDATION.passwordRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await setPins(alex, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field });
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const { rows } = await sut.db.query('SELECT 1 FROM safety_pins WHERE user_id = $1', [alex.id]);
    expect(rows).toHaveLength(0);
  });

  it('lets "I\'m safe" through without a PIN while none is set', async () => {
    const alex = await person('Alex NoPin');
    const raised = await raise(alex);
    const res = await resolve(alex, raised.alert.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AlertDetail>().alert.status).toBe('resolved');
  });

  it('asks "I\'m safe" for the PIN once one is set: 400 naming pin, 403 for a wrong one, resolved with the right one', async () => {
    const alex = await withPins('Alex Resolve');
    const raised = await raise(alex);

    const missing = await resolve(alex, raised.alert.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'validation_failed', field: 'pin' });
    const malformed = await resolve(alex, raised.alert.id, '12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'pin' });
    const wrong = await resolve(alex, raised.alert.id, '0000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'pin_wrong', message: SAFETY_PIN_ERRORS.pinWrong });
    expect((await myAlerts(alex, '?status=active')).alerts).toHaveLength(1);

    const right = await resolve(alex, raised.alert.id, SAFETY);
    expect(right.statusCode).toBe(200);
    expect(right.json<AlertDetail>().alert.status).toBe('resolved');
  });

  it('with the duress PIN answers like the safety PIN, while the duress alert reaches every contact and guardian', async () => {
    // The same person twice: one alert ended with the safety PIN, the other with the duress PIN.
    const alex = await withPins('Alex Duress');
    const guardian = await createTestUser(sut, 'Gina Guardian');
    await linkGuardian(sut, guardian, alex);
    const subscribed = await sut.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: guardian.headers,
      payload: { endpoint: push.url('/gina-phone'), keys: browserKeys().keys, expirationTime: null },
    });
    expect(subscribed.statusCode).toBe(204);

    const first = await raise(alex);
    await sut.app.idle();
    sut.clock.advance(60_000);
    const safe = await resolve(alex, first.alert.id, SAFETY);
    await sut.app.idle();
    sut.clock.advance(60_000);
    const textsBefore = await outbox(alex.id);

    const second = await raise(alex);
    await sut.app.idle();
    sut.clock.advance(60_000);
    const forced = await resolve(alex, second.alert.id, DURESS);
    await sut.app.idle();

    // The phone cannot tell them apart: same status, same shape, ended.
    expect(forced.statusCode).toBe(safe.statusCode);
    expect(shapeOf(forced.json())).toEqual(shapeOf(safe.json()));
    const forcedDetail = forced.json<AlertDetail>();
    expect(forcedDetail.alert).toMatchObject({ status: 'resolved', state: 'resolved' });
    expect(forcedDetail.alert.resolved_at).toBe(sut.clock.now().toISOString());
    expect(forcedDetail.timeline.at(-1)?.kind).toBe('resolved');

    // The phone's own list: both ended, no duress alert, nothing active.
    const mine = await myAlerts(alex);
    expect(mine.alerts.map((detail) => [detail.alert.id, detail.alert.status])).toEqual([
      [second.alert.id, 'resolved'],
      [first.alert.id, 'resolved'],
    ]);
    expect(mine.alerts.some((detail) => detail.alert.trigger_type === 'duress')).toBe(false);
    expect((await myAlerts(alex, '?status=active')).alerts).toEqual([]);
    const shown = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${second.alert.id}`,
      headers: alex.headers,
    });
    expect(shown.json<AlertDetail>().alert.status).toBe('resolved');

    // Every contact got the duress text, and nobody the all-clear of the second alert.
    const textsAfter = (await outbox(alex.id)).slice(textsBefore.length);
    const duressTexts = textsAfter.filter((text) => text.body.includes(DURESS_SMS_LINE));
    expect(duressTexts.map((text) => text.recipient).sort()).toEqual(['+447400123456', '+447400123457']);
    expect(textsAfter.filter((text) => /safe now/i.test(text.body))).toEqual([]);
    expect(textsBefore.filter((text) => /safe now/i.test(text.body))).toHaveLength(2);

    // The guardian sees the duress alert, and the second alert still active.
    const wards = await sut.app.inject({
      method: 'GET',
      url: '/api/wards/alerts',
      headers: guardian.headers,
    });
    const seen = wards.json<WardAlertListResponse>().alerts.map((item) => item.alert);
    expect(seen.find((alert) => alert.trigger_type === 'duress')?.status).toBe('active');
    expect(seen.find((alert) => alert.id === second.alert.id)?.status).toBe('active');
    const { rows: pushes } = await sut.db.query<{ body: string }>(
      `SELECT d.body FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
       WHERE a.user_id = $1 AND a.trigger_type = 'duress' AND d.channel = 'push' AND d.recipient = $2`,
      [alex.id, guardian.id],
    );
    expect(pushes.map((row) => (JSON.parse(row.body) as { body: string }).body)).toEqual([
      PUSH_TEXTS.duressBody('Alex Duress'),
    ]);
    const { rows } = await sut.db.query<{ resolved_at: Date | null }>(
      'SELECT resolved_at FROM alerts WHERE id = $1',
      [second.alert.id],
    );
    expect(rows[0]!.resolved_at).toBeNull();

    // The duress alert never reaches the person's own devices' events; their guardian's, yes.
    const { rows: events } = await sut.db.query<{ type: string; audience: string; trigger: string | null }>(
      `SELECT type, audience, payload->>'trigger_type' AS trigger FROM realtime_events
       WHERE user_id = $1 AND type IN ('alert.created', 'alert.resolved') ORDER BY id`,
      [alex.id],
    );
    expect(events.filter((event) => event.trigger === 'duress')).toEqual([
      { type: 'alert.created', audience: 'guardians', trigger: 'duress' },
    ]);
    expect(events.filter((event) => event.type === 'alert.resolved').map((event) => event.audience)).toEqual([
      'subject_and_guardians',
      'subject',
    ]);
  });

  it("tells the guardian's screens of the duress alert, live and on catch-up, and never the person's own", async () => {
    const alex = await withPins('Alex Socket');
    const guardian = await createTestUser(sut, 'Gus Guardian');
    await linkGuardian(sut, guardian, alex);
    const phone = await openSocket(sut.app, { user: alex });
    const watcher = await openSocket(sut.app, { user: guardian });
    const ready = phone.messages[0];
    if (ready?.type !== 'ready') throw new Error('expected ready first');
    const raised = await raise(alex);
    await sut.app.idle();
    sut.clock.advance(60_000);
    expect((await resolve(alex, raised.alert.id, DURESS)).statusCode).toBe(200);
    await sut.app.idle();

    const duressCreated = (message: { type: string; payload?: unknown }): boolean =>
      message.type === 'alert.created' &&
      (message.payload as { trigger_type?: string }).trigger_type === 'duress';
    await watcher.waitFor(duressCreated);
    await phone.waitFor((message) => message.type === 'alert.resolved');
    await phone.roundTrip();
    await watcher.roundTrip();
    expect(phone.messages.filter(duressCreated)).toEqual([]);
    // The guardian never hears that the alert ended: for them it has not.
    expect(watcher.messages.filter((message) => message.type === 'alert.resolved')).toEqual([]);

    // A second device of the person catching up sees the end, never the duress alert.
    const later = await openSocket(sut.app, { user: alex, query: `since=${ready.last_event_id}` });
    await later.waitFor((message) => message.type === 'resumed');
    expect(later.messages.filter(duressCreated)).toEqual([]);
    expect(later.messages.filter((message) => message.type === 'alert.resolved')).toHaveLength(1);
    phone.close();
    watcher.close();
    later.close();
  });

  it('refuses a client raising the duress alert itself', async () => {
    const alex = await person('Alex Client');
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: alex.headers,
      payload: { triggerType: 'duress' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'triggerType' });
  });

  it("answers a countdown's check the same for both PINs, raising the duress alert only for the duress PIN", async () => {
    const alex = await withPins('Alex Countdown');
    const check = (pin: string) =>
      sut.app.inject({
        method: 'POST',
        url: '/api/safety-pin/check',
        headers: alex.headers,
        payload: { pin },
      });
    const links = async () =>
      (
        await sut.app.inject({ method: 'GET', url: '/api/share-links', headers: alex.headers })
      ).json<unknown>();
    const linksBefore = await links();
    const safe = await check(SAFETY);
    await sut.app.idle();
    expect(await outbox(alex.id)).toEqual([]);
    const forced = await check(DURESS);
    await sut.app.idle();
    expect(forced.statusCode).toBe(safe.statusCode);
    expect(forced.json()).toEqual(safe.json());
    expect(safe.json()).toEqual({ ok: true });
    const texts = await outbox(alex.id);
    expect(texts).toHaveLength(2);
    expect(texts.every((text) => text.body.includes(DURESS_SMS_LINE))).toBe(true);
    // The contacts' texts carry a live-tracking link; the person's own list of links does not show it.
    expect(texts.every((text) => text.body.includes('Live location:'))).toBe(true);
    expect((await myAlerts(alex)).alerts).toEqual([]);
    expect(await links()).toEqual(linksBefore);
    const wrong = await check('5555');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ error: 'pin_wrong' });
  });

  it('limits wrong PINs per person: past the limit every PIN is refused and the alert stays active, yet the duress PIN still warns', async () => {
    const alex = await withPins('Alex Limit');
    const raised = await raise(alex);
    await sut.app.idle();
    for (let i = 0; i < SAFETY_PIN.wrongPerWindow; i += 1) {
      expect((await resolve(alex, raised.alert.id, `000${i}`)).statusCode).toBe(403);
    }
    const limited = await resolve(alex, raised.alert.id, SAFETY);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'rate_limited', message: SAFETY_PIN_ERRORS.tooManyWrong });
    expect((await myAlerts(alex, '?status=active')).alerts.map((detail) => detail.alert.id)).toEqual([
      raised.alert.id,
    ]);
    expect((await outbox(alex.id)).filter((t) => t.body.includes(DURESS_SMS_LINE))).toEqual([]);
    const forcedWhileLimited = await resolve(alex, raised.alert.id, DURESS);
    await sut.app.idle();
    expect(forcedWhileLimited.statusCode).toBe(429);
    expect(forcedWhileLimited.json()).toEqual(limited.json());
    const duressTexts = (await outbox(alex.id)).filter((t) => t.body.includes(DURESS_SMS_LINE));
    expect(duressTexts).toHaveLength(2);

    // Another person's allowance is their own.
    const sam = await withPins('Sam Limit');
    const samAlert = await raise(sam);
    expect((await resolve(sam, samAlert.alert.id, SAFETY)).statusCode).toBe(200);

    sut.clock.advance(SAFETY_PIN.windowMinutes * 60_000);
    expect((await resolve(alex, raised.alert.id, SAFETY)).statusCode).toBe(200);
  });

  it('asks for the PIN to end an escort after its deadline, not before', async () => {
    const alex = await withPins('Alex Escort');
    const start = async (): Promise<EscortSession> => {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/escort-sessions',
        headers: alex.headers,
        payload: { destination_address: '12 Market Street', estimated_duration_minutes: 15 },
      });
      expect(res.statusCode).toBe(201);
      return res.json<EscortSession>();
    };
    const complete = (id: string, pin?: string) =>
      sut.app.inject({
        method: 'POST',
        url: `/api/escort-sessions/${id}/complete`,
        headers: alex.headers,
        ...(pin === undefined ? {} : { payload: { pin } }),
      });

    const onTime = await start();
    expect((await complete(onTime.id)).statusCode).toBe(200);

    const late = await start();
    sut.clock.advance(15 * 60_000 + 1000);
    const missing = await complete(late.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'pin' });
    expect((await complete(late.id, '0101')).statusCode).toBe(403);
    const ended = await complete(late.id, SAFETY);
    expect(ended.statusCode).toBe(200);
    expect(ended.json<EscortSession>().status).toBe('completed');

    const forced = await start();
    sut.clock.advance(15 * 60_000 + 1000);
    expect((await outbox(alex.id)).filter((text) => text.body.includes(DURESS_SMS_LINE))).toEqual([]);
    const endedForced = await complete(forced.id, DURESS);
    await sut.app.idle();
    expect(endedForced.statusCode).toBe(200);
    expect(shapeOf(endedForced.json())).toEqual(shapeOf(ended.json()));
    expect(endedForced.json<EscortSession>().status).toBe('completed');
    const texts = await outbox(alex.id);
    expect(texts.filter((text) => text.body.includes(DURESS_SMS_LINE))).toHaveLength(2);
  });

  it('asks for the PIN to stop a check-in once it fell due', async () => {
    const alex = await withPins('Alex Checkin');
    const started = await sut.app.inject({
      method: 'POST',
      url: '/api/checkins',
      headers: alex.headers,
      payload: { interval_minutes: 30 },
    });
    expect(started.statusCode).toBe(201);
    const id = started.json<{ id: string }>().id;
    sut.clock.advance(30 * 60_000 + 1000);
    const stop = (pin?: string) =>
      sut.app.inject({
        method: 'POST',
        url: `/api/checkins/${id}/stop`,
        headers: alex.headers,
        ...(pin === undefined ? {} : { payload: { pin } }),
      });
    expect((await stop()).json()).toMatchObject({ error: 'validation_failed', field: 'pin' });
    const stopped = await stop(SAFETY);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped' });
  });
});
