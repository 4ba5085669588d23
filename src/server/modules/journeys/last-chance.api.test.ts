/**
 * The last chance before a journey's alert: five minutes before an escort's or check-in's deadline, and at it, a
 * push to the person's own browsers; the alert only once their last chance after the deadline has passed. Added
 * time, a check-in and arrival move or cancel both reminders with the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_CHANCE_VALIDATION } from '#shared/last-chance';
import { LAST_CHANCE_PUSH_TEXTS } from '#shared/last-chance-texts';
import type { Profile } from '#shared/schemas/profile';
import type { PushPayload } from '#shared/schemas/push';
import { createTestUserWithContacts } from '../../testing/test-alerts';
import { createTestAppWithPush, type TestAppWithPush } from '../../testing/test-app';
import { browserKeys, decryptPush, type FakePushService } from '../../testing/fake-push-service';
import type { TestUser } from '../../testing/test-users';
import { deadlineGraceMs } from './deadline-job';
import {
  activeEscort,
  alertsOf,
  jobDueFor,
  postAs,
  reminderJobsOf,
  runDeadlines,
  setLastChance,
  startCheckIn,
  startEscort,
  textsOf,
} from './journey-test-helpers';
import {
  JOURNEY_LAST_CHANCE_PUSH_JOB,
  JOURNEY_WARNING_PUSH_JOB,
  REMINDER_VIBRATION_MS,
} from './reminder-jobs';

const MINUTE = 60_000;

describe('the last chance before a journey alert', () => {
  let sut: TestAppWithPush;
  let push: FakePushService;
  beforeAll(async () => {
    sut = await createTestAppWithPush({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    push = sut.push;
  });
  afterAll(async () => {
    await sut?.close();
  });

  let people = 0;
  const person = () =>
    createTestUserWithContacts(sut, `Walker ${++people}`, [{ phone: `+1201555${String(4000 + people)}` }]);
  const subscribe = async (user: TestUser, path: string) => {
    const browser = browserKeys();
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.headers,
      payload: { endpoint: push.url(path), keys: browser.keys },
    });
    expect(res.statusCode).toBe(204);
    return browser;
  };
  const runReminders = async () => {
    await sut.app.scheduler.runNow(JOURNEY_WARNING_PUSH_JOB);
    await sut.app.scheduler.runNow(JOURNEY_LAST_CHANCE_PUSH_JOB);
    await sut.app.idle();
  };
  const pushesTo = (path: string) => push.received.filter((request) => request.path === path);
  const at = (deadline: string, offsetMs: number) => new Date(new Date(deadline).getTime() + offsetMs);

  it('pushes "5 minutes left" and then "Are you safe?" to the walker’s own browsers once each, and alerts only after the last chance', async () => {
    const walker = await person();
    const phone = await subscribe(walker, '/walker-phone');
    await subscribe(walker, '/walker-laptop');
    const other = await person();
    await subscribe(other, '/other-phone');
    const escort = await startEscort(sut, walker);
    expect(escort.last_chance_seconds).toBe(120);

    sut.clock.set(at(escort.deadline_at, -5 * MINUTE - 1));
    await runReminders();
    expect(pushesTo('/walker-phone')).toHaveLength(0);

    sut.clock.set(at(escort.deadline_at, -5 * MINUTE));
    await runReminders();
    await runReminders();
    expect(pushesTo('/walker-phone')).toHaveLength(1);
    expect(pushesTo('/walker-laptop')).toHaveLength(1);
    expect(pushesTo('/other-phone')).toHaveLength(0);
    const warning = JSON.parse(decryptPush(pushesTo('/walker-phone')[0]!.body, phone)) as PushPayload;
    expect(warning).toEqual({
      title: LAST_CHANCE_PUSH_TEXTS.warningTitle,
      body: '5 minutes left — tap to add time or say you arrived.',
      url: '/map',
      tag: `journey-${escort.id}`,
      vibrate: REMINDER_VIBRATION_MS,
    });

    sut.clock.set(at(escort.deadline_at, -1));
    await runReminders();
    expect(pushesTo('/walker-phone')).toHaveLength(1);
    sut.clock.set(at(escort.deadline_at, 0));
    await runReminders();
    await runReminders();
    expect(pushesTo('/walker-phone')).toHaveLength(2);
    expect(pushesTo('/walker-laptop')).toHaveLength(2);
    const lastChance = JSON.parse(decryptPush(pushesTo('/walker-phone')[1]!.body, phone)) as PushPayload;
    expect(lastChance.title).toBe('Are you safe?');
    expect(lastChance.body).toBe(
      'Are you safe? Your contacts will be texted in 2 minutes. Tap to say you are safe or add time.',
    );
    expect(lastChance.vibrate).toEqual(REMINDER_VIBRATION_MS);

    // The request grace alone has passed: no alert yet, and the escort is still the walker's to end.
    sut.clock.set(at(escort.deadline_at, deadlineGraceMs(sut.config.http)));
    await runDeadlines(sut);
    sut.clock.set(at(escort.deadline_at, 2 * MINUTE - 1));
    await runDeadlines(sut);
    expect(await alertsOf(sut, walker)).toEqual([]);
    expect((await activeEscort(sut, walker))!.status).toBe('active');

    sut.clock.set(at(escort.deadline_at, 2 * MINUTE));
    await runDeadlines(sut);
    expect((await alertsOf(sut, walker)).map((alert) => alert.trigger_type)).toEqual(['escort_expired']);
    expect(await textsOf(sut, walker)).toHaveLength(1);
    await runReminders();
    expect(pushesTo('/walker-phone')).toHaveLength(2);
  });

  it('added time moves both reminders and the alert; arriving cancels them', async () => {
    const walker = await person();
    await subscribe(walker, '/mover-phone');
    const escort = await startEscort(sut, walker);
    expect(await reminderJobsOf(sut, 'escort', escort.id)).toEqual({
      warning: { status: 'pending', due_at: at(escort.deadline_at, -5 * MINUTE) },
      lastChance: { status: 'pending', due_at: at(escort.deadline_at, 0) },
    });

    const extended = (
      await postAs(sut, walker, `/api/escort-sessions/${escort.id}/extend`, { minutes: 15 })
    ).json<{ deadline_at: string }>();
    expect(await reminderJobsOf(sut, 'escort', escort.id)).toEqual({
      warning: { status: 'pending', due_at: at(extended.deadline_at, -5 * MINUTE) },
      lastChance: { status: 'pending', due_at: at(extended.deadline_at, 0) },
    });
    // The old times come and go: nothing is sent for a deadline that moved.
    sut.clock.set(at(escort.deadline_at, 0));
    await runReminders();
    await runDeadlines(sut);
    expect(pushesTo('/mover-phone')).toHaveLength(0);

    // A minute into the last chance (the warning's moment has gone by unsent: too late to matter), the walker
    // arrives: nothing more, ever.
    sut.clock.set(at(extended.deadline_at, MINUTE));
    await runReminders();
    expect(pushesTo('/mover-phone')).toHaveLength(1);
    expect((await postAs(sut, walker, `/api/escort-sessions/${escort.id}/complete`)).statusCode).toBe(200);
    expect(await reminderJobsOf(sut, 'escort', escort.id)).toMatchObject({
      warning: { status: 'done' },
      lastChance: { status: 'done' },
    });
    sut.clock.set(at(extended.deadline_at, 10 * MINUTE));
    await runDeadlines(sut);
    expect(await alertsOf(sut, walker)).toEqual([]);

    // Arriving before the reminders cancels them.
    const next = await startEscort(sut, walker);
    await postAs(sut, walker, `/api/escort-sessions/${next.id}/complete`);
    expect(await reminderJobsOf(sut, 'escort', next.id)).toMatchObject({
      warning: { status: 'cancelled' },
      lastChance: { status: 'cancelled' },
    });
    sut.clock.set(at(next.deadline_at, 0));
    await runReminders();
    expect(pushesTo('/mover-phone')).toHaveLength(1);
  });

  it('a check-in during the last chance keeps the alert away and arms the next reminders', async () => {
    const walker = await person();
    const phone = await subscribe(walker, '/checker-phone');
    const checkIn = await startCheckIn(sut, walker, 10);
    sut.clock.set(at(checkIn.next_due_at, -5 * MINUTE));
    await runReminders();
    const warning = JSON.parse(decryptPush(pushesTo('/checker-phone')[0]!.body, phone)) as PushPayload;
    expect(warning).toMatchObject({ body: '5 minutes left — tap to check in.', url: '/checkin' });
    sut.clock.set(at(checkIn.next_due_at, 0));
    await runReminders();
    expect(pushesTo('/checker-phone')).toHaveLength(2);

    // A minute into the last chance the walker checks in: the next deadline is an interval from now.
    sut.clock.set(at(checkIn.next_due_at, MINUTE));
    const res = await postAs(sut, walker, `/api/checkins/${checkIn.id}/check-in`);
    expect(res.statusCode).toBe(200);
    const next = res.json<{ next_due_at: string }>().next_due_at;
    expect(await reminderJobsOf(sut, 'checkin', checkIn.id)).toEqual({
      warning: { status: 'pending', due_at: at(next, -5 * MINUTE) },
      lastChance: { status: 'pending', due_at: at(next, 0) },
    });
    sut.clock.set(at(checkIn.next_due_at, 3 * MINUTE));
    await runDeadlines(sut);
    await runReminders();
    expect(await alertsOf(sut, walker)).toEqual([]);
    expect(pushesTo('/checker-phone')).toHaveLength(2);
  });

  it('sends nothing and claims nothing for a person without a subscribed browser', async () => {
    const walker = await person();
    const escort = await startEscort(sut, walker);
    const before = push.received.length;
    sut.clock.set(at(escort.deadline_at, -5 * MINUTE));
    await runReminders();
    expect(push.received.length).toBe(before);
    const { rows } = await sut.db.query<{ status: string; last_error: string | null }>(
      'SELECT status, last_error FROM scheduled_jobs WHERE kind = $1 AND key = $2',
      [JOURNEY_WARNING_PUSH_JOB, `escort:${escort.id}`],
    );
    expect(rows).toEqual([
      { status: 'failed', last_error: 'No browser of this person is subscribed to alerts' },
    ]);
    sut.clock.set(at(escort.deadline_at, 2 * MINUTE));
    await runDeadlines(sut);
    expect(await alertsOf(sut, walker)).toHaveLength(1);
  });

  it('with no last chance, there is no "Are you safe?" push and the alert waits the request grace alone', async () => {
    const walker = await person();
    await subscribe(walker, '/hurried-phone');
    expect((await setLastChance(sut, walker, 0)).statusCode).toBe(200);
    const checkIn = await startCheckIn(sut, walker, 10);
    expect(checkIn.last_chance_seconds).toBe(0);
    expect((await reminderJobsOf(sut, 'checkin', checkIn.id)).lastChance).toBeUndefined();
    sut.clock.set(at(checkIn.next_due_at, -5 * MINUTE));
    await runReminders();
    sut.clock.set(jobDueFor(sut, checkIn.next_due_at, 0));
    await runReminders();
    await runDeadlines(sut);
    expect(pushesTo('/hurried-phone')).toHaveLength(1);
    expect((await alertsOf(sut, walker)).map((alert) => alert.trigger_type)).toEqual(['checkin_missed']);
  });

  it('keeps a person’s last chance between 0 and 10 whole minutes, naming the field when refusing', async () => {
    const user = await person();
    for (const bad of [-1, 11, 2.5, '2', null]) {
      const res = await setLastChance(sut, user, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_failed',
        message: LAST_CHANCE_VALIDATION.range,
        field: 'last_chance_minutes',
      });
    }
    const profile = await sut.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
    expect(profile.json<Profile>().last_chance_minutes).toBe(2);
    for (const good of [0, 10, 5]) {
      const res = await setLastChance(sut, user, good);
      expect(res.statusCode).toBe(200);
      expect(res.json<Profile>().last_chance_minutes).toBe(good);
    }
    // The escort keeps the last chance it started with; its alert waits that long.
    const escort = await startEscort(sut, user);
    expect(escort.last_chance_seconds).toBe(300);
    expect(
      await sut.db.query('SELECT due_at FROM scheduled_jobs WHERE kind = $1 AND key = $2', [
        'escort-deadline',
        escort.id,
      ]),
    ).toMatchObject({ rows: [{ due_at: at(escort.deadline_at, 5 * MINUTE) }] });
  });
});
