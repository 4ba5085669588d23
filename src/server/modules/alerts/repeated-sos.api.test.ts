/**
 * An SOS while the person's alert is still open joins that alert (raise-alert.ts): hammering SOS makes one alert
 * and texts each contact once, raise/"I'm safe" loops are bounded per hour, and a journey's deadline still raises
 * its own alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, CHECK_IN } from '#shared/constants';
import type { RaiseAlertResponse, SendEmergencySmsResponse } from '#shared/schemas/alert';
import { ABUSE_LIMIT_TEXTS } from '#shared/texts';
import { DEV_OUTBOX_UNREACHABLE_ERROR } from '../../adapters/sms/dev-outbox-sms-provider';
import { addContact, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { CHECK_IN_DEADLINE_JOB } from '../journeys/deadline-job';
import { advancePastDeadline, startCheckIn } from '../journeys/journey-test-helpers';
import { DELIVERY_JOB } from './delivery-job';

const HOUR_MS = 3_600_000;

describe('a repeated SOS joins the open alert', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
    // Early in a clock hour, so the hourly limits' windows do not end half-way through a test.
    sut.clock.set(new Date('2026-03-02T10:05:00Z'));
  });
  afterAll(() => sut?.close());

  const person = async (name: string, phones: readonly string[]): Promise<TestUser> => {
    const user = await createTestUser(sut, name);
    for (const [i, phone] of phones.entries()) await addContact(sut, user, phone, `Contact ${i + 1}`);
    return user;
  };
  /**
   * Rows an SOS leaves behind: alerts, deliveries, delivery jobs and stored realtime events of `user`, once every
   * delivery under way has been attempted and its events stored.
   */
  const rowsOf = async (user: TestUser): Promise<Record<string, number>> => {
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    await sut.app.idle();
    const { rows } = await sut.db.query<Record<string, number>>(
      `SELECT (SELECT count(*)::int FROM alerts WHERE user_id = $1) AS alerts,
              (SELECT count(*)::int FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
                WHERE a.user_id = $1) AS deliveries,
              (SELECT count(*)::int FROM scheduled_jobs WHERE kind = $2 AND key IN
                (SELECT d.id::text FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id WHERE a.user_id = $1))
                AS jobs,
              (SELECT count(*)::int FROM realtime_events WHERE user_id = $1) AS events`,
      [user.id, DELIVERY_JOB],
    );
    return rows[0]!;
  };
  const textsTo = async (phone: string): Promise<string[]> =>
    (
      await sut.db.query<{ body: string }>(
        "SELECT body FROM dev_outbox WHERE channel = 'sms' AND recipient = $1 ORDER BY created_at, id",
        [phone],
      )
    ).rows.map((row) => row.body);
  const sendSms = (user: TestUser, phoneNumbers: string[]) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/send-emergency-sms',
      headers: user.headers,
      payload: { message: 'Help', phoneNumbers },
    });

  it('one account hammering SOS: one alert, each contact texted once, no new rows or events', async () => {
    const user = await person('Hana Hammer', ['+447400123456', '+447400123457']);
    const first = await raiseAlert(sut, user);
    expect(first.statusCode).toBe(201);
    const alertId = first.json<RaiseAlertResponse>().alert.id;
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const after = await rowsOf(user);
    expect(after).toMatchObject({ alerts: 1, deliveries: 2, jobs: 2 });

    // Twenty presses one after the other, then eight at once: the join repeated, and raced against itself.
    for (let i = 0; i < 20; i++) {
      const again = await raiseAlert(sut, user, { triggerType: 'panic', message: `press ${i}` });
      expect(again.statusCode).toBe(200);
      expect(again.json<RaiseAlertResponse>()).toMatchObject({ outcome: 'joined', alert: { id: alertId } });
    }
    const together = await Promise.all(
      Array.from({ length: 8 }, () => raiseAlert(sut, user, { triggerType: 'manual' })),
    );
    expect(new Set(together.map((res) => res.statusCode))).toEqual(new Set([200]));
    const sms = await sendSms(user, ['+447400123456']);
    expect(sms.json<SendEmergencySmsResponse>()).toMatchObject({ alertId, outcome: 'joined' });
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    expect(await rowsOf(user)).toEqual(after);
    expect(await textsTo('+447400123456')).toHaveLength(1);
    const active = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts?status=active',
      headers: user.headers,
    });
    expect(active.json().alerts).toHaveLength(1);
  }, 60_000);

  it(`bounds raise/"I'm safe" loops at ${ALERT_LIMITS.newAlertsPerHour} new alerts an hour (429, nothing stored); a deadline still fires`, async () => {
    const user = await person('Lou Loop', ['+447400123458']);
    for (let i = 0; i < ALERT_LIMITS.newAlertsPerHour; i++) {
      const res = await raiseAlert(sut, user);
      expect(res.statusCode).toBe(201);
      await resolveAlert(sut, user, res.json<RaiseAlertResponse>().alert.id);
    }
    const before = await rowsOf(user);
    const refused = await raiseAlert(sut, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: ABUSE_LIMIT_TEXTS.tooManyAlerts });
    const hourEnd = Math.ceil(sut.clock.now().getTime() / HOUR_MS) * HOUR_MS;
    expect(Number(refused.headers['retry-after'])).toBe((hourEnd - sut.clock.now().getTime()) / 1000);
    expect((await sendSms(user, ['+447400123458'])).statusCode).toBe(429);
    expect(await rowsOf(user)).toEqual(before);

    // A missed check-in is the server's alert, not the person's: it is raised whatever the count.
    await startCheckIn(sut, user, CHECK_IN.minMinutes);
    advancePastDeadline(sut, CHECK_IN.minMinutes);
    await sut.app.scheduler.runNow(CHECK_IN_DEADLINE_JOB);
    const { rows } = await sut.db.query(
      "SELECT 1 FROM alerts WHERE user_id = $1 AND trigger_type = 'checkin_missed'",
      [user.id],
    );
    expect(rows).toHaveLength(1);

    // The next clock hour the person raises new alerts again.
    sut.clock.advance(HOUR_MS);
    const fresh = await signInAgain(sut, user);
    const open = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts?status=active',
      headers: fresh.headers,
    });
    await resolveAlert(sut, fresh, open.json().alerts[0].alert.id);
    expect((await raiseAlert(sut, fresh)).statusCode).toBe(201);
  }, 60_000);

  it('texts a contact added since, and only the new one, with the words and time of this press', async () => {
    const user = await person('Ada Added', ['+447400123460', '+12015550000']);
    const first = await raiseAlert(sut, user, { triggerType: 'manual', message: 'First press' });
    const alertId = first.json<RaiseAlertResponse>().alert.id;
    sut.clock.advance(120_000);
    await addContact(sut, user, '+447400123461', 'Brother');
    await addContact(sut, user, '+447400123462', 'Sister');

    const again = await raiseAlert(sut, user, {
      triggerType: 'manual',
      message: 'Still in danger',
      location: { latitude: 51.5, longitude: -0.12 },
    });
    expect(again.statusCode).toBe(200);
    const joined = again.json<RaiseAlertResponse>();
    expect(joined.outcome).toBe('joined');
    expect(joined.alert).toMatchObject({ id: alertId, message: 'First press' });
    expect(joined.deliveries.map((d) => [d.recipient, d.status])).toEqual([
      ['+447400123460', 'kept_in_dev_outbox'],
      // A text the provider refused is not sent again for the same alert: the phone offers the messaging app.
      ['+12015550000', 'failed'],
      ['+447400123461', 'kept_in_dev_outbox'],
      ['+447400123462', 'kept_in_dev_outbox'],
    ]);
    expect(joined.deliveries[1]).toMatchObject({ attempts: 1, last_error: DEV_OUTBOX_UNREACHABLE_ERROR });
    expect(await textsTo('+447400123460')).toHaveLength(1);
    const brother = await textsTo('+447400123461');
    expect(brother).toHaveLength(1);
    expect(brother[0]).toContain('Message: "Still in danger"');

    // POST /api/send-emergency-sms joins too; a number that is not a contact is still refused, writing nothing.
    const stranger = await sendSms(user, ['+447400123462', '+447400123499']);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ field: 'phoneNumbers.1' });
    expect(await textsTo('+447400123462')).toHaveLength(1);
  });

  it('a queued SOS pressed before "I\'m safe" joins the ended alert; one pressed after raises a new one', async () => {
    const user = await person('Quinn Queued', ['+447400123470']);
    const first = (await raiseAlert(sut, user)).json<RaiseAlertResponse>();
    sut.clock.advance(60_000);
    await resolveAlert(sut, user, first.alert.id);
    sut.clock.advance(60_000);

    // Pressed 90 s ago, while the alert was open: the person has said they are safe since.
    const before = await raiseAlert(sut, user, { triggerType: 'manual', raisedSecondsAgo: 90 });
    expect(before.statusCode).toBe(200);
    expect(before.json<RaiseAlertResponse>()).toMatchObject({
      outcome: 'joined',
      alert: { id: first.alert.id, status: 'resolved' },
    });
    // The all-clear goes out from the delivery job "I'm safe" woke: counted once that work has finished.
    await sut.app.idle();
    expect(await textsTo('+447400123470')).toHaveLength(2); // the alert and its all-clear

    const after = await raiseAlert(sut, user, { triggerType: 'manual', raisedSecondsAgo: 30 });
    expect(after.statusCode).toBe(201);
    expect(after.json<RaiseAlertResponse>().alert.id).not.toBe(first.alert.id);
  });

  it('a missed check-in during an open SOS raises its own alert, once; the next SOS joins the newest', async () => {
    const user = await person('Cleo Checkin', ['+447400123480']);
    const sos = (await raiseAlert(sut, user)).json<RaiseAlertResponse>();
    await startCheckIn(sut, user, CHECK_IN.minMinutes);
    advancePastDeadline(sut, CHECK_IN.minMinutes);
    await sut.app.scheduler.runNow(CHECK_IN_DEADLINE_JOB);
    await sut.app.scheduler.runNow(CHECK_IN_DEADLINE_JOB);
    await sut.app.scheduler.runNow(DELIVERY_JOB);

    const { rows } = await sut.db.query<{ id: string; trigger_type: string }>(
      'SELECT id, trigger_type FROM alerts WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    expect(rows.map((row) => row.trigger_type)).toEqual(['manual', 'checkin_missed']);
    const texts = await textsTo('+447400123480');
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Missed a check-in');

    const again = await raiseAlert(sut, await signInAgain(sut, user));
    expect(again.json<RaiseAlertResponse>()).toMatchObject({ outcome: 'joined', alert: { id: rows[1]!.id } });
    expect(rows[0]!.id).toBe(sos.alert.id);
    expect(await textsTo('+447400123480')).toHaveLength(2);
  });
});
