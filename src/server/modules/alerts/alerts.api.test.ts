import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientTriggerTypeSchema, type AlertDetail } from '#shared/schemas/alert';
import { ERRORS, FIELD_ISSUE_TEXTS, VALIDATION } from '#shared/texts';
import { DEV_OUTBOX_UNREACHABLE_ERROR } from '../../adapters/sms/dev-outbox-sms-provider';
import { DELIVERY_JOB } from './delivery-job';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { detailOf, resolveAlert } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';

describe('alerts API (dev outbox)', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const addContact = async (user: TestUser, name: string, phone: string): Promise<void> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: user.headers,
      payload: { name, phone },
    });
    expect(res.statusCode).toBe(201);
  };
  const raise = (user: TestUser, payload: Record<string, unknown>, key?: string) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const outboxFor = async (userId: string) =>
    (
      await sut.db.query<{ recipient: string; body: string }>(
        "SELECT recipient, body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 ORDER BY recipient",
        [userId],
      )
    ).rows;

  it('writes the alert, keeps one text per contact in the dev outbox and answers after the first attempts', async () => {
    const user = await createTestUser(sut, 'Jane Doe');
    await addContact(user, 'Mum Doe', '+447400123456');
    await addContact(user, 'Dad Doe', '2015550120');
    // The same number again, written differently: texted once.
    await addContact(user, 'Dad Mobile', '+1 201 555 0120'.replace(/ /g, ''));

    const res = await raise(user, {
      triggerType: 'manual',
      message: 'Help, I am being followed',
      location: { latitude: 51.5007292, longitude: -0.1246254, accuracy: 12, address: 'Westminster Bridge' },
    });
    expect(res.statusCode).toBe(201);
    const body: AlertDetail = res.json();
    expect(body.alert).toMatchObject({
      trigger_type: 'manual',
      message: 'Help, I am being followed',
      location_lat: 51.5007292,
      location_lng: -0.1246254,
      location_accuracy: 12,
      location_address: 'Westminster Bridge',
      recording_id: null,
      occurred_at: sut.clock.now().toISOString(),
      created_at: sut.clock.now().toISOString(),
    });
    expect(body.emergencyContacts).toBe(2);
    // The dev outbox sends nothing: its texts are kept, never counted as sent.
    expect(body.summary).toEqual({ successful: 0, total: 2 });
    expect(
      body.deliveries.map(({ recipient, recipient_name, status, attempts, last_error }) => ({
        recipient,
        recipient_name,
        status,
        attempts,
        last_error,
      })),
    ).toEqual([
      {
        recipient: '+447400123456',
        recipient_name: 'Mum Doe',
        status: 'kept_in_dev_outbox',
        attempts: 1,
        last_error: null,
      },
      {
        recipient: '+12015550120',
        recipient_name: 'Dad Doe',
        status: 'kept_in_dev_outbox',
        attempts: 1,
        last_error: null,
      },
    ]);
    expect(body.deliveries.every((d) => d.sent_at === null && d.next_attempt_at === null)).toBe(true);

    const outbox = await outboxFor(user.id);
    expect(outbox.map((m) => m.recipient)).toEqual(['+12015550120', '+447400123456']);
    // Raised with the person's own words (a quick message): the text never says "SOS button".
    expect(outbox[0]!.body).toContain('Jane Doe may need help (quick message)');
    expect(outbox[0]!.body).toContain('https://www.google.com/maps?q=51.500729,-0.124625 (within 12 m)');
    expect(outbox[0]!.body).toContain('Message: "Help, I am being followed"');
  });

  it('refuses an SOS without contacts and writes nothing', async () => {
    const user = await createTestUser(sut);
    const res = await raise(user, { triggerType: 'manual' }, 'no-contacts-key');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'no_emergency_contacts', message: ERRORS.sosNeedsContacts });
    const { rows } = await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('returns the same alert for a repeated Idempotency-Key and sends nothing twice', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550100');
    const first = await raise(user, { triggerType: 'shake' }, 'sos-1');
    const again = await raise(user, { triggerType: 'shake' }, 'sos-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().alert.id).toBe(first.json().alert.id);
    expect([first.json().outcome, again.json().outcome]).toEqual(['created', 'repeated']);
    expect(await outboxFor(user.id)).toHaveLength(1);

    // Keys belong to one person: someone else's identical key is a different alert.
    const other = await createTestUser(sut);
    await addContact(other, 'Ben Smith', '+12015550101');
    const theirs = await raise(other, { triggerType: 'shake' }, 'sos-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().alert.id).not.toBe(first.json().alert.id);
  });

  it('refuses a reused Idempotency-Key with a different request (422) and writes nothing', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550131');
    const first = await raise(user, { triggerType: 'manual', message: 'Help' }, 'reused-key');
    expect(first.statusCode).toBe(201);
    const different = await raise(user, { triggerType: 'manual', message: 'Another alert' }, 'reused-key');
    expect(different.statusCode).toBe(422);
    expect(different.json()).toEqual({
      error: 'idempotency_key_reused',
      message: ERRORS.idempotencyKeyReused,
    });
    const moved = await raise(
      user,
      { triggerType: 'manual', message: 'Help', location: { latitude: 1, longitude: 2 } },
      'reused-key',
    );
    expect(moved.statusCode).toBe(422);
    const { rows } = await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(await outboxFor(user.id)).toHaveLength(1);
    // The same request again is still the same alert.
    const same = await raise(user, { triggerType: 'manual', message: 'Help' }, 'reused-key');
    expect(same.statusCode).toBe(200);
    expect(same.json().alert.id).toBe(first.json().alert.id);
  });

  it('treats a device-outbox replay (a later raisedSecondsAgo) as the same request', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550132');
    const sos = { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12 } } as const;
    const online = await raise(user, sos, 'replayed-key');
    const replay = await raise(user, { ...sos, raisedSecondsAgo: 40 }, 'replayed-key');
    const later = await raise(user, { ...sos, raisedSecondsAgo: 95 }, 'replayed-key');
    expect([online.statusCode, replay.statusCode, later.statusCode]).toEqual([201, 200, 200]);
    expect(new Set([online, replay, later].map((r) => r.json().alert.id)).size).toBe(1);
  });

  it('creates one alert when two requests with the same key arrive together', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550102');
    await addContact(user, 'Ben Smith', '+12015550103');
    const responses = await Promise.all(
      [1, 2, 3].map(() => raise(user, { triggerType: 'panic' }, 'concurrent-key')),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().alert.id)).size).toBe(1);
    const { rows } = await sut.db.query(
      'SELECT d.recipient FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id WHERE a.user_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(2);
    expect(await outboxFor(user.id)).toHaveLength(2);
  });

  it('without a key, joins the open alert, and makes a fresh one once the person is safe', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550104');
    const a = await raise(user, { triggerType: 'voice' });
    const b = await raise(user, { triggerType: 'voice' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 200]);
    expect([a.json().outcome, b.json().outcome]).toEqual(['created', 'joined']);
    expect(b.json().alert.id).toBe(a.json().alert.id);
    await resolveAlert(sut, user, a.json().alert.id);
    const c = await raise(user, { triggerType: 'voice' });
    expect(c.statusCode).toBe(201);
    expect(c.json().alert.id).not.toBe(a.json().alert.id);
  });

  it('reports a failure: the dev test number is unreachable, the other text is kept in the dev outbox', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Good Number', '+12015550120');
    await addContact(user, 'Test Number', '+12015550000');
    const res = await raise(user, { triggerType: 'manual' });
    expect(res.statusCode).toBe(201);
    const body: AlertDetail = res.json();
    expect(body.summary).toEqual({ successful: 0, total: 2 });
    expect(body.deliveries[0]).toMatchObject({ status: 'kept_in_dev_outbox' });
    expect(body.deliveries[1]).toMatchObject({
      recipient: '+12015550000',
      status: 'failed',
      attempts: 1,
      last_error: DEV_OUTBOX_UNREACHABLE_ERROR,
      next_attempt_at: null,
    });
    // A permanent failure is not retried.
    sut.clock.advance(30 * 60_000);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const later = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${body.alert.id}`,
      headers: user.headers,
    });
    expect(later.json().deliveries[1]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it.each([
    [{}, FIELD_ISSUE_TEXTS.required('Trigger type')],
    [
      { triggerType: 'bored' },
      FIELD_ISSUE_TEXTS.oneOf(
        'Trigger type',
        ClientTriggerTypeSchema.options.map((t) => JSON.stringify(t)),
      ),
    ],
    [{ triggerType: 'manual', message: '   ' }, VALIDATION.messageEmpty],
    [{ triggerType: 'manual', message: 'x'.repeat(501) }, VALIDATION.messageTooLong],
    [
      { triggerType: 'manual', message: '<script>alert(1)</script>' },
      FIELD_ISSUE_TEXTS.withField('Message', VALIDATION.invalidContent),
    ],
    [
      { triggerType: 'manual', message: 'see javascript:void(0)' },
      FIELD_ISSUE_TEXTS.withField('Message', VALIDATION.invalidContent),
    ],
    [{ triggerType: 'manual', notes: 'n'.repeat(1001) }, VALIDATION.alertNotesTooLong],
    [{ triggerType: 'manual', location: { latitude: 91, longitude: 0 } }, VALIDATION.latitudeRange],
    [{ triggerType: 'manual', location: { latitude: 0, longitude: -181 } }, VALIDATION.longitudeRange],
    [
      { triggerType: 'manual', location: { latitude: 0, longitude: 0, accuracy: -1 } },
      VALIDATION.accuracyPositive,
    ],
    [
      { triggerType: 'manual', location: { latitude: 0, longitude: 0, address: 'a'.repeat(201) } },
      VALIDATION.addressTooLong,
    ],
    [{ triggerType: 'manual', location: { latitude: 'north', longitude: 0 } }, VALIDATION.latitudeRange],
    [{ triggerType: 'manual', recordingId: '../etc/passwd' }, VALIDATION.invalidRecordingId],
    [
      { triggerType: 'manual', raisedSecondsAgo: -1 },
      FIELD_ISSUE_TEXTS.atLeast('Raised seconds ago', 0, null),
    ],
    [
      { triggerType: 'manual', raisedSecondsAgo: 1.5 },
      FIELD_ISSUE_TEXTS.mustBe('Raised seconds ago', 'a whole number'),
    ],
    [
      { triggerType: 'manual', raisedSecondsAgo: '60' },
      FIELD_ISSUE_TEXTS.mustBe('Raised seconds ago', 'a number'),
    ],
    [
      { triggerType: 'manual', raisedSecondsAgo: 7 * 24 * 3600 + 1 },
      FIELD_ISSUE_TEXTS.atMost('Raised seconds ago', 7 * 24 * 3600, null),
    ],
  ])('rejects %j with its message, and writes nothing', async (payload, message) => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550105');
    const res = await raise(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    const { rows } = await sut.db.query('SELECT 1 FROM alerts WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('dates a queued SOS sent late to when it was raised, and its texts say both times', async () => {
    const user = await createTestUser(sut, 'Jane Doe');
    await addContact(user, 'Mum Doe', '+447400123457');
    const now = sut.clock.now();
    const raisedAt = new Date(now.getTime() - 20 * 60_000);
    const res = await raise(
      user,
      { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12 }, raisedSecondsAgo: 20 * 60 },
      'queued-while-offline',
    );
    expect(res.statusCode).toBe(201);
    const { alert } = res.json<AlertDetail>();
    expect(alert.occurred_at).toBe(raisedAt.toISOString());
    expect(alert.created_at).toBe(now.toISOString());

    const hhmm = (at: Date): string => at.toISOString().slice(11, 16);
    const [text] = await outboxFor(user.id);
    expect(text?.body).toContain(
      `Time: ${raisedAt.toISOString().slice(0, 10)} ${hhmm(raisedAt)} UTC (sent ${
        raisedAt.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
          ? `${hhmm(now)} UTC`
          : `${now.toISOString().slice(0, 10)} ${hhmm(now)} UTC`
      }: the phone could not reach Beacon until then)`,
    );
    expect(text?.body).toContain(`Location at ${hhmm(raisedAt)} UTC: https://www.google.com/maps?q=`);

    // An SOS sent at once reads as before: one time, a plain location.
    const onTime = await createTestUser(sut, 'Sam Doe');
    await addContact(onTime, 'Dad Doe', '+447400123458');
    const fresh = (
      await raise(onTime, { triggerType: 'manual', location: { latitude: 1, longitude: 2 } })
    ).json<AlertDetail>();
    expect(fresh.alert.occurred_at).toBe(fresh.alert.created_at);
    const [plain] = await outboxFor(onTime.id);
    expect(plain?.body).not.toContain('offline');
    expect(plain?.body).toContain('Location: https://www.google.com/maps?q=1.000000,2.000000');
  });

  it('rejects a malformed Idempotency-Key', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550106');
    for (const key of ['has space', 'k'.repeat(201)]) {
      const res = await raise(user, { triggerType: 'manual' }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(VALIDATION.invalidIdempotencyKey);
    }
  });

  it('lists the caller’s alerts newest first, with deliveries and summary, and reads one', async () => {
    const user = await createTestUser(sut);
    await addContact(user, 'Ann Smith', '+12015550107');
    const older = detailOf((await raise(user, { triggerType: 'manual' })).json());
    const resolved = await resolveAlert(sut, user, older.alert.id);
    sut.clock.advance(1000);
    const newer = detailOf(
      (await raise(user, { triggerType: 'voice', recordingId: 'rec_1700000000000' })).json(),
    );

    const list = await sut.app.inject({ method: 'GET', url: '/api/alerts', headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().alerts.map((a: AlertDetail) => a.alert.id)).toEqual([newer.alert.id, older.alert.id]);
    expect(list.json().alerts[0]).toEqual(newer);

    const one = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${older.alert.id}`,
      headers: user.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json().alert).toEqual(resolved.alert);
    expect(one.json().deliveries[0]).toEqual(older.deliveries[0]);
  });

  it("never shows another person's alerts", async () => {
    const owner = await createTestUser(sut);
    await addContact(owner, 'Ann Smith', '+12015550108');
    const alert = (await raise(owner, { triggerType: 'manual' })).json();
    const other = await createTestUser(sut);

    const read = await sut.app.inject({
      method: 'GET',
      url: `/api/alerts/${alert.alert.id}`,
      headers: other.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
    const list = await sut.app.inject({ method: 'GET', url: '/api/alerts', headers: other.headers });
    expect(list.json()).toEqual({ alerts: [] });
    const malformed = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts/not-a-uuid',
      headers: other.headers,
    });
    expect(malformed.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['POST', '/api/alerts'],
      ['GET', '/api/alerts'],
      ['GET', '/api/alerts/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/send-emergency-sms'],
      ['GET', '/api/dev/sms-outbox'],
    ] as const) {
      const res = await sut.app.inject({
        method,
        url,
        payload:
          method === 'POST'
            ? { triggerType: 'manual', message: 'Help', phoneNumbers: ['+12015550120'] }
            : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    }
  });

  it('lists what the dev outbox sent, newest first, at GET /api/dev/sms-outbox', async () => {
    const user = await createTestUser(sut, 'Outbox Person');
    await addContact(user, 'Ann Smith', '+12015550124');
    sut.clock.advance(60_000);
    await raise(user, { triggerType: 'manual', message: 'Outbox check' });
    const res = await sut.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0]).toMatchObject({
      to: '+12015550124',
      user_id: user.id,
      created_at: sut.clock.now().toISOString(),
    });
    expect(res.json().messages[0].body).toContain('Message: "Outbox check"');
  });
});

describe('alert events', () => {
  it('reports the new alert and every delivery change to the injected listener', async () => {
    const { buildApp } = await import('../../app');
    const { openTestDatabase } = await import('../../testing/test-database');
    const { loadConfig } = await import('../../config');
    const { createLogger } = await import('../../logger');
    const { manualClock } = await import('../../adapters/clock');
    const { devOutboxMailer } = await import('../../adapters/mail/dev-outbox-mailer');
    const db = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret!',
    });
    const seen: string[] = [];
    const clock = manualClock(new Date());
    const app = await buildApp({
      config,
      db,
      clock,
      logger: createLogger('silent'),
      mailer: devOutboxMailer(db),
      alertEvents: {
        alertRaised: ({ alert }) =>
          void alert.then((detail) => seen.push(`raised ${detail.deliveries.length}`)),
        deliveryChanged: ({ delivery }) => seen.push(`${delivery.recipient} ${delivery.status}`),
        alertResolved: () => seen.push('resolved'),
        alertSeen: () => {},
        guardianAnswered: () => {},
        alertProgress: () => {},
      },
    });
    const sut: TestApp = {
      app,
      db,
      clock,
      config,
      close: async () => {
        await app.close();
        await db.close();
      },
    };
    try {
      const user = await createTestUser(sut);
      await app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: user.headers,
        payload: { name: 'Ann Smith', phone: '+12015550129' },
      });
      await app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: user.headers,
        payload: { triggerType: 'manual' },
      });
      await expect
        .poll(() => seen)
        .toEqual(
          expect.arrayContaining(['raised 1', '+12015550129 sending', '+12015550129 kept_in_dev_outbox']),
        );
    } finally {
      await sut.close();
    }
  });
});
