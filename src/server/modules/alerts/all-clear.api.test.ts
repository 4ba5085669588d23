import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLEAR_PUSH_TEXTS, CANCELLED_DELIVERY_ERROR, buildAllClearSms } from '#shared/active-alert-texts';
import type { AlertDetail, AlertListResponse } from '#shared/schemas/alert';
import type { PushPayload } from '#shared/schemas/push';
import { acceptedReply, type FakeTwilio } from '../../adapters/sms/fake-twilio-server';
import { decryptPush } from '../../testing/fake-push-service';
import { addContact, createGuardedWard, raiseAlert } from '../../testing/test-alerts';
import {
  createTestApp,
  createTestAppWithPush,
  createTestAppWithTwilio,
  subscribeBrowser,
  type TestApp,
  type TestAppWithPush,
  type TestAppWithTwilio,
} from '../../testing/test-app';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { CHECK_IN } from '#shared/constants';
import { ALERT_LIST_QUERY_TEXTS } from '#shared/texts';
import { CHECK_IN_DEADLINE_JOB, ESCORT_DEADLINE_JOB } from '../journeys/deadline-job';
import {
  advancePastDeadline,
  FIVE_MINUTE_ESCORT,
  startCheckIn,
  startEscort,
} from '../journeys/journey-test-helpers';
import { DELIVERY_RETRY } from '../../adapters/channels';
import { DELIVERY_JOB } from './delivery-job';

const ALL_CLEAR_LINE = 'says they are safe now';

/** "I'm safe": the follow-ups of an alert, through the same durable pipeline as the alert itself. */
describe('the all-clear after "I\'m safe" (dev outbox, Web Push)', () => {
  let sut: TestAppWithPush;
  beforeAll(async () => {
    sut = await createTestAppWithPush();
  });
  afterAll(() => sut?.close());

  const resolve = (user: TestUser, id: string) =>
    sut.app.inject({ method: 'POST', url: `/api/alerts/${id}/resolve`, headers: user.headers });
  const outbox = async (userId: string) =>
    (
      await sut.db.query<{ recipient: string; body: string }>(
        "SELECT recipient, body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 ORDER BY created_at, id",
        [userId],
      )
    ).rows;
  const getAlert = async (user: TestUser, id: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: user.headers })).json();
  const pushes = async (alertId: string) =>
    (
      await sut.db.query<{ purpose: string; status: string }>(
        "SELECT purpose, status FROM alert_deliveries WHERE alert_id = $1 AND channel = 'push' ORDER BY purpose",
        [alertId],
      )
    ).rows;

  it('texts everyone the alert reached once, pushes the guardian, and sends nothing twice', async () => {
    const { ward, guardian } = await createGuardedWard(sut, 'Wendy Ward', 'Gina Guardian');
    const browser = await subscribeBrowser(sut, guardian, '/gina-phone');
    await addContact(sut, ward, '+447400123456', 'Mum');
    // The dev outbox fails numbers ending in 0000: that contact never got the alert, so gets no all-clear.
    await addContact(sut, ward, '+12015550000', 'Old Number');

    const raised = await raiseAlert(sut, ward);
    expect(raised.statusCode).toBe(201);
    const alertId = raised.json<AlertDetail>().alert.id;
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(await pushes(alertId)).toEqual([{ purpose: 'alert', status: 'sent' }]);
    sut.push.received.length = 0;

    // Nobody but the person can end it, and a refused request queues nothing.
    expect((await resolve(guardian, alertId)).statusCode).toBe(404);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(await outbox(ward.id)).toHaveLength(1);

    sut.clock.advance(90_000);
    const safeAt = sut.clock.now();
    const res = await resolve(ward, alertId);
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertDetail>().alert).toMatchObject({ status: 'resolved' });
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    const texts = await outbox(ward.id);
    expect(texts.map((t) => t.recipient)).toEqual(['+447400123456', '+447400123456']);
    expect(texts[1]!.body).toBe(buildAllClearSms({ fullName: 'Wendy Ward', at: safeAt }));
    expect(texts[1]!.body).toContain(`Wendy Ward ${ALL_CLEAR_LINE}`);
    expect(texts[1]!.body).toContain(safeAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC');

    // The API tells which text is which; the counts stay those of the alert.
    const detail = await getAlert(ward, alertId);
    expect(detail.deliveries.map((d) => [d.purpose, d.recipient, d.status])).toEqual([
      ['alert', '+447400123456', 'kept_in_dev_outbox'],
      ['alert', '+12015550000', 'failed'],
      ['all_clear', '+447400123456', 'kept_in_dev_outbox'],
    ]);
    expect(detail.emergencyContacts).toBe(2);
    expect(detail.summary).toEqual({ successful: 0, total: 2 });

    // The guardian's all-clear push replaces the alert's notification (same tag).
    expect(await pushes(alertId)).toEqual([
      { purpose: 'alert', status: 'sent' },
      { purpose: 'all_clear', status: 'sent' },
    ]);
    expect(sut.push.received).toHaveLength(1);
    expect(JSON.parse(decryptPush(sut.push.received[0]!.body, browser)) as PushPayload).toEqual({
      title: ALL_CLEAR_PUSH_TEXTS.title('Wendy Ward'),
      body: ALL_CLEAR_PUSH_TEXTS.body('Wendy Ward', safeAt),
      url: `/guardian/wards#ward-${ward.id}`,
      tag: `alert-${alertId}`,
    });

    // "I'm safe" again: the same answer, nothing sent twice.
    sut.clock.advance(5_000);
    const again = await resolve(ward, alertId);
    expect(again.statusCode).toBe(200);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(await outbox(ward.id)).toHaveLength(2);
    expect(sut.push.received).toHaveLength(1);
    expect((await getAlert(ward, alertId)).deliveries).toHaveLength(3);
  });

  it('tells a contact whose text was being sent at "I\'m safe", and never sends that text again afterwards', async () => {
    const ward = await createTestUser(sut, 'Sam Sending');
    await addContact(sut, ward, '+447400123459', 'Sis');
    const alertId = (await raiseAlert(sut, ward)).json<AlertDetail>().alert.id;
    // As if the provider's answer was lost mid-send: the delivery is `sending` and its job is due to try again.
    await sut.db.query("UPDATE alert_deliveries SET status = 'sending' WHERE alert_id = $1", [alertId]);
    await sut.db.query(
      `UPDATE scheduled_jobs SET status = 'pending', due_at = $2, locked_until = NULL
       WHERE kind = $3 AND key IN (SELECT id::text FROM alert_deliveries WHERE alert_id = $1)`,
      [alertId, sut.clock.now(), DELIVERY_JOB],
    );

    sut.clock.advance(1_000);
    expect((await resolve(ward, alertId)).statusCode).toBe(200);
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    const detail = await getAlert(ward, alertId);
    expect(detail.deliveries.map((d) => [d.purpose, d.status, d.last_error])).toEqual([
      ['alert', 'cancelled', CANCELLED_DELIVERY_ERROR],
      ['all_clear', 'kept_in_dev_outbox', null],
    ]);
    const texts = await outbox(ward.id);
    expect(texts.map((t) => t.body.includes(ALL_CLEAR_LINE))).toEqual([false, true]);
  });

  it('lists only the active alerts with ?status=active, only the ended with ?status=resolved', async () => {
    const alex = await createTestUser(sut, 'Alex Lists');
    const other = await createTestUser(sut, 'Other Person');
    await addContact(sut, alex, '+447400123457');
    await addContact(sut, other, '+447400123458');
    const first = (await raiseAlert(sut, alex)).json<AlertDetail>().alert.id;
    expect((await resolve(alex, first)).statusCode).toBe(200);
    sut.clock.advance(1_000);
    const second = (await raiseAlert(sut, alex)).json<AlertDetail>().alert.id;
    await raiseAlert(sut, other);

    const list = async (query: string): Promise<string[]> => {
      const res = await sut.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: alex.headers });
      expect(res.statusCode).toBe(200);
      return res.json<AlertListResponse>().alerts.map((a) => a.alert.id);
    };
    expect(await list('?status=active')).toEqual([second]);
    expect(await list('?status=resolved')).toEqual([first]);
    expect(await list('')).toEqual([second, first]);

    const bad = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts?status=open',
      headers: alex.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'status', message: ALERT_LIST_QUERY_TEXTS.invalidStatus });
    expect((await sut.app.inject({ method: 'GET', url: '/api/alerts?status=active' })).statusCode).toBe(401);
  });
});

/** A text still waiting for its retry when the person says they are safe is never sent. */
describe('an alert text not yet sent at "I\'m safe"', () => {
  let fake: FakeTwilio;
  let sut: TestAppWithTwilio;
  beforeAll(async () => {
    // +12015550115's provider is down: its text waits for a retry. Everyone else's goes at once.
    sut = await createTestAppWithTwilio({
      reply: (request) => (request.to === '+12015550115' ? { status: 503 } : acceptedReply()),
      stampWithAppClock: true,
      env: { SMS_TIMEOUT_MS: '2000', ALERT_FIRST_ATTEMPT_WAIT_MS: '5000' },
    });
    fake = sut.twilio;
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('is cancelled, its retry never runs, and its contact gets no all-clear', async () => {
    const ward = await createTestUser(sut, 'Rita Retry');
    await addContact(sut, ward, '+12015550111', 'Reached');
    await addContact(sut, ward, '+12015550115', 'Waiting');
    const raised = (await raiseAlert(sut, ward)).json<AlertDetail>();
    expect(raised.deliveries.map((d) => [d.recipient, d.status])).toEqual([
      ['+12015550111', 'sent'],
      ['+12015550115', 'pending'],
    ]);

    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/alerts/${raised.alert.id}/resolve`,
      headers: ward.headers,
    });
    expect(res.statusCode).toBe(200);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    // Well past every retry of the cancelled text.
    sut.clock.advance(DELIVERY_RETRY.giveUpAfterMs);
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    const sentTo = (number: string) => fake.requests.filter((r) => r.to === number);
    expect(sentTo('+12015550115')).toHaveLength(1);
    expect(sentTo('+12015550111').map((r) => r.body.includes(ALL_CLEAR_LINE))).toEqual([false, true]);

    // The clock moved past the access token's life.
    const again = await signInAgain(sut, ward);
    const detail = (
      await sut.app.inject({ method: 'GET', url: `/api/alerts/${raised.alert.id}`, headers: again.headers })
    ).json<AlertDetail>();
    expect(detail.deliveries.map((d) => [d.purpose, d.recipient, d.status, d.last_error])).toEqual([
      ['alert', '+12015550111', 'sent', null],
      ['alert', '+12015550115', 'cancelled', CANCELLED_DELIVERY_ERROR],
      ['all_clear', '+12015550111', 'sent', null],
    ]);
  });
});

describe('"I\'m safe" with several open alerts', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  /** Moves the clock past a journey's deadline, fires it, sends its texts: the id of the alert it raised. */
  const journeyAlert = async (kind: string, minutes: number): Promise<string> => {
    advancePastDeadline(sut, minutes);
    await sut.app.scheduler.runNow(kind);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const { rows } = await sut.db.query<{ id: string }>('SELECT id FROM alerts WHERE created_at = $1', [
      sut.clock.now(),
    ]);
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  };

  // An SOS joins the open alert, but a journey's deadline raises its own: a person can have several open.
  it('ends every earlier open alert too, tells each contact once, and leaves a later alert open', async () => {
    const ward = await createTestUser(sut, 'Sasha Several');
    const zoned = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: ward.headers,
      payload: { time_zone: 'America/New_York' },
    });
    expect(zoned.statusCode).toBe(200);
    await addContact(sut, ward, '+447400123456', 'Mum');
    const raised = await raiseAlert(sut, ward);
    expect(raised.statusCode).toBe(201);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const first = raised.json<AlertDetail>().alert.id;
    // A missed check-in, then an expired escort: each deadline raises its own alert beside the open SOS.
    await startCheckIn(sut, ward, CHECK_IN.minMinutes);
    const second = await journeyAlert(CHECK_IN_DEADLINE_JOB, CHECK_IN.minMinutes);
    await startEscort(sut, ward, FIVE_MINUTE_ESCORT);
    const third = await journeyAlert(ESCORT_DEADLINE_JOB, FIVE_MINUTE_ESCORT.estimated_duration_minutes);
    const ids = [first, second, third];
    expect(new Set(ids).size).toBe(3);

    const res = await sut.app.inject({
      method: 'POST',
      url: `/api/alerts/${second}/resolve`,
      headers: (await signInAgain(sut, ward)).headers,
    });
    expect(res.statusCode).toBe(200);
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    const statuses = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts',
      headers: (await signInAgain(sut, ward)).headers,
    });
    const byId = new Map(
      statuses.json<AlertListResponse>().alerts.map((entry) => [entry.alert.id, entry.alert.status]),
    );
    expect([byId.get(first), byId.get(second), byId.get(third)]).toEqual(['resolved', 'resolved', 'active']);

    const allClears = await sut.db.query<{ alert_id: string }>(
      "SELECT alert_id FROM alert_deliveries WHERE purpose = 'all_clear' AND alert_id = ANY($1::uuid[])",
      [ids],
    );
    expect(allClears.rows).toEqual([{ alert_id: second }]);
    const texts = await sut.db.query<{ body: string }>(
      "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 AND body LIKE $2",
      [ward.id, `%${ALL_CLEAR_LINE}%`],
    );
    expect(texts.rows).toHaveLength(1);
    // In the person's time zone, as the alert text itself.
    expect(texts.rows[0]!.body).toMatch(/ended their SOS alert at \d{4}-\d\d-\d\d \d\d:\d\d E[SD]T\./);
  });
});
