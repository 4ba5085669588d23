/**
 * Escort sessions over HTTP (docs/PRODUCT.md, "Escort sessions and check-ins on the server"): every rule and
 * message, the owner-only rule, and the deadline that fires from the server with no browser connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCORT } from '#shared/constants';
import { ESCORT_API_TEXTS } from '#shared/journey-texts';
import { mapLink } from '#shared/map-link';
import type { EscortSession } from '#shared/schemas/journey';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addContact, createGuardedWard, createTestUserWithContacts } from '../../testing/test-alerts';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian, postLocation } from '../guardians/guardian-test-helpers';
import { ESCORT_DEADLINE_JOB } from './deadline-job';
import {
  activeEscort,
  alertsOf,
  deadlineJobOf,
  eventsOf,
  jobDueFor,
  PAST_FIVE_MINUTE_DEADLINE_MS,
  FIVE_MINUTE_ESCORT,
  postAs,
  runDeadlines,
  startEscort,
  textsOf,
} from './journey-test-helpers';

describe('escort sessions', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
  });
  afterAll(() => sut?.close());

  const person = (name = 'Jane Doe'): Promise<TestUser> =>
    createTestUserWithContacts(sut, name, [{ phone: '+12015550123' }]);

  it('starts an active escort whose deadline is the duration from now, with its deadline job', async () => {
    const user = await person();
    const now = sut.clock.now();
    const session = await startEscort(sut, user);
    expect(session).toMatchObject({
      status: 'active',
      user_id: user.id,
      destination_address: '12 Market Street',
      estimated_duration_minutes: 30,
      started_at: now.toISOString(),
      deadline_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
      completed_at: null,
      expired_at: null,
      alert_id: null,
      route: [],
    });
    expect(await deadlineJobOf(sut, ESCORT_DEADLINE_JOB, session.id)).toEqual({
      status: 'pending',
      due_at: jobDueFor(sut, session.deadline_at),
    });
    expect(await activeEscort(sut, user)).toEqual(session);
    const [event] = await eventsOf<EscortSession>(sut, user, 'escort.updated');
    expect(event).toEqual(session);
  });

  it('refuses to start with neither a contact nor an active guardian: nobody could be told at the deadline', async () => {
    const nobody = await createTestUser(sut, 'Nobody');
    // A guardian who has not approved, or whose link ended, cannot be told either.
    await linkGuardian(sut, await createTestUser(sut, 'Pending Guardian'), nobody, 'pending');
    const former = await createTestUser(sut, 'Former Guardian');
    await endRelationship(sut, nobody, (await linkGuardian(sut, former, nobody)).id);

    const deadlineJobs = async (): Promise<number> =>
      (
        await sut.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scheduled_jobs WHERE kind = $1', [
          ESCORT_DEADLINE_JOB,
        ])
      ).rows[0]!.n;
    const jobsBefore = await deadlineJobs();
    const res = await postAs(sut, nobody, '/api/escort-sessions', FIVE_MINUTE_ESCORT);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'no_emergency_contacts',
      message: ESCORT_API_TEXTS.needsSomeoneToTell,
    });
    const stored = await sut.db.query('SELECT 1 FROM escort_sessions WHERE user_id = $1', [nobody.id]);
    expect(stored.rows).toEqual([]);
    expect(await deadlineJobs()).toBe(jobsBefore);
    expect(await eventsOf(sut, nobody, 'escort.updated')).toEqual([]);

    // A contact is enough; so is an active guardian alone (the deadline's alert reaches guardians without contacts).
    await addContact(sut, nobody, '+12015550199');
    expect((await startEscort(sut, nobody, FIVE_MINUTE_ESCORT)).status).toBe('active');
    const { ward: guarded } = await createGuardedWard(sut, 'Guarded Only', 'Their Guardian');
    expect((await startEscort(sut, guarded, FIVE_MINUTE_ESCORT)).status).toBe('active');
  });

  it('refuses a second active escort with 409, also when two starts race', async () => {
    const user = await person();
    const payload = { destination_address: 'Home', estimated_duration_minutes: 10 };
    const answers = await Promise.all([
      postAs(sut, user, '/api/escort-sessions', payload),
      postAs(sut, user, '/api/escort-sessions', payload),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toEqual({ error: 'conflict', message: ESCORT_API_TEXTS.alreadyActive });
    const again = await postAs(sut, user, '/api/escort-sessions', payload);
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ estimated_duration_minutes: 30 }, 'destination_address', ESCORT_API_TEXTS.invalidInput],
    [
      { destination_address: '  ', estimated_duration_minutes: 30 },
      'destination_address',
      ESCORT_API_TEXTS.invalidInput,
    ],
    [
      { destination_address: 'x'.repeat(201), estimated_duration_minutes: 30 },
      'destination_address',
      ESCORT_API_TEXTS.destinationTooLong,
    ],
    [
      { destination_address: '<b>x</b>', estimated_duration_minutes: 30 },
      'destination_address',
      ESCORT_API_TEXTS.destinationInvalid,
    ],
    [
      { destination_address: 'Home', estimated_duration_minutes: 4 },
      'estimated_duration_minutes',
      ESCORT_API_TEXTS.invalidInput,
    ],
    [
      { destination_address: 'Home', estimated_duration_minutes: 181 },
      'estimated_duration_minutes',
      ESCORT_API_TEXTS.durationRange,
    ],
  ])('refuses %j naming %s', async (payload, field, message) => {
    const user = await person();
    const res = await postAs(sut, user, '/api/escort-sessions', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_failed', message, field });
  });

  it('appends route points, keeping the newest ESCORT.maxRoutePoints', async () => {
    const user = await person();
    const session = await startEscort(sut, user);
    const points = (from: number) =>
      Array.from({ length: ESCORT.maxRoutePointsPerRequest }, (_, i) => ({
        latitude: 51 + (from + i) / 10_000,
        longitude: -0.1,
        accuracy: 5,
        timestamp: new Date(sut.clock.now().getTime() + (from + i) * 1000).toISOString(),
      }));
    let last: EscortSession | undefined;
    for (let batch = 0; batch < 6; batch++) {
      const res = await postAs(sut, user, `/api/escort-sessions/${session.id}/route`, {
        points: points(batch * ESCORT.maxRoutePointsPerRequest),
      });
      expect(res.statusCode).toBe(200);
      last = res.json<EscortSession>();
    }
    expect(last!.route).toHaveLength(ESCORT.maxRoutePoints);
    expect(last!.route.at(-1)).toMatchObject({ latitude: 51 + 599 / 10_000, accuracy: 5 });
    expect(last!.route[0]!.latitude).toBeCloseTo(51 + 100 / 10_000);
    const signal = await sut.db.query<{ last_signal_at: Date }>(
      'SELECT last_signal_at FROM escort_sessions WHERE id = $1',
      [session.id],
    );
    expect(signal.rows[0]!.last_signal_at).toEqual(sut.clock.now());
  });

  it('takes a route point without a time as taken now, and one from the future as now', async () => {
    const user = await person();
    const session = await startEscort(sut, user);
    const res = await postAs(sut, user, `/api/escort-sessions/${session.id}/route`, {
      points: [
        { latitude: 1, longitude: 2 },
        { latitude: 3, longitude: 4, accuracy: null, timestamp: 8.64e15 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const now = sut.clock.now().toISOString();
    expect(res.json<EscortSession>().route).toEqual([
      { latitude: 1, longitude: 2, accuracy: null, recorded_at: now },
      { latitude: 3, longitude: 4, accuracy: null, recorded_at: now },
    ]);
  });

  it('adds time, moving the deadline job, and refuses past ESCORT.maxTotalMinutes', async () => {
    const user = await person();
    const session = await startEscort(sut, user, {
      destination_address: 'Home',
      estimated_duration_minutes: 180,
    });
    const res = await postAs(sut, user, `/api/escort-sessions/${session.id}/extend`, { minutes: 15 });
    expect(res.statusCode).toBe(200);
    const extended = res.json<EscortSession>();
    expect(new Date(extended.deadline_at).getTime()).toBe(
      new Date(session.deadline_at).getTime() + 15 * 60_000,
    );
    expect((await deadlineJobOf(sut, ESCORT_DEADLINE_JOB, session.id))!.due_at).toEqual(
      jobDueFor(sut, extended.deadline_at),
    );
    // 195 minutes so far; the cap is 12 hours (720 minutes) in all, reached exactly.
    for (const minutes of [180, 180, 165]) {
      expect(
        (await postAs(sut, user, `/api/escort-sessions/${session.id}/extend`, { minutes })).statusCode,
      ).toBe(200);
    }
    const tooFar = await postAs(sut, user, `/api/escort-sessions/${session.id}/extend`, { minutes: 1 });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toEqual({
      error: 'validation_failed',
      message: ESCORT_API_TEXTS.extendTooFar,
      field: 'minutes',
    });
    const zero = await postAs(sut, user, `/api/escort-sessions/${session.id}/extend`, { minutes: 0 });
    expect(zero.json()).toEqual({
      error: 'validation_failed',
      message: ESCORT_API_TEXTS.extendRange,
      field: 'minutes',
    });
  });

  it('completes once (a repeat answers the session as it stands) and cancels the deadline job', async () => {
    const user = await person();
    const session = await startEscort(sut, user);
    const first = await postAs(sut, user, `/api/escort-sessions/${session.id}/complete`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'completed', completed_at: sut.clock.now().toISOString() });
    expect((await deadlineJobOf(sut, ESCORT_DEADLINE_JOB, session.id))!.status).toBe('cancelled');
    sut.clock.advance(60_000);
    const second = await postAs(sut, user, `/api/escort-sessions/${session.id}/complete`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await activeEscort(sut, user)).toBeNull();
    // Ended: no more route points or added time.
    const route = await postAs(sut, user, `/api/escort-sessions/${session.id}/route`, {
      points: [{ latitude: 1, longitude: 1 }],
    });
    expect(route.statusCode).toBe(409);
    expect(route.json()).toEqual({ error: 'conflict', message: ESCORT_API_TEXTS.notActive });
    // A new escort may start now.
    await startEscort(sut, user);
  });

  it('answers 404 to anyone else for every action on a session, and shows them none', async () => {
    const owner = await person();
    const stranger = await person('Stranger');
    const session = await startEscort(sut, owner);
    for (const [url, payload] of [
      [`/api/escort-sessions/${session.id}/route`, { points: [{ latitude: 1, longitude: 1 }] }],
      [`/api/escort-sessions/${session.id}/extend`, { minutes: 5 }],
      [`/api/escort-sessions/${session.id}/complete`, undefined],
    ] as const) {
      const res = await postAs(sut, stranger, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect(await activeEscort(sut, stranger)).toBeNull();
    expect((await activeEscort(sut, owner))!.status).toBe('active');
    expect((await activeEscort(sut, owner))!.route).toEqual([]);
  });

  it('completing before the deadline raises nothing when the deadline comes', async () => {
    const user = await person();
    const session = await startEscort(sut, user, FIVE_MINUTE_ESCORT);
    await postAs(sut, user, `/api/escort-sessions/${session.id}/complete`);
    sut.clock.advance(10 * 60_000);
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
    expect(await textsOf(sut, user)).toEqual([]);
  });

  it('added time keeps the old deadline from firing', async () => {
    const user = await person();
    const session = await startEscort(sut, user, FIVE_MINUTE_ESCORT);
    await postAs(sut, user, `/api/escort-sessions/${session.id}/extend`, { minutes: 30 });
    sut.clock.advance(6 * 60_000);
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
    expect((await activeEscort(sut, user))!.status).toBe('active');
  });

  it('past its deadline, raises one alert whose text names the destination, the delay and the last position', async () => {
    const user = await person();
    const taken = new Date(sut.clock.now().getTime());
    await postLocation(sut, user, {
      latitude: 48.8584,
      longitude: 2.2945,
      accuracy: 20,
      timestamp: taken.toISOString(),
    });
    const session = await startEscort(sut, user, {
      destination_address: '12 Market Street',
      estimated_duration_minutes: 5,
    });
    sut.clock.advance(5 * 60_000 + 12 * 60_000);
    await runDeadlines(sut);
    await runDeadlines(sut); // a second round finds nothing more to do

    const alerts = await alertsOf(sut, user);
    expect(alerts).toEqual([
      { id: expect.any(String), trigger_type: 'escort_expired', location_source: 'last_known' },
    ]);
    const texts = await textsOf(sut, user);
    expect(texts).toHaveLength(1);
    const body = texts[0]!.body;
    expect(body).toContain('Jane Doe may need help (escort timer expired).');
    expect(body).toMatch(
      /Escort to 12 Market Street was due at (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(12 min overdue\)\./,
    );
    expect(body).toContain(`Last known location (17 min ago): ${mapLink(48.8584, 2.2945)} (within 20 m)`);
    expect(body).toContain('Live location: http://localhost:');

    const shown = (await activeEscort(sut, user))!;
    expect(shown).toMatchObject({
      id: session.id,
      status: 'expired',
      expired_at: sut.clock.now().toISOString(),
      alert_id: alerts[0]!.id,
    });
    const events = await eventsOf<EscortSession>(sut, user, 'escort.updated');
    expect(events.at(-1)).toEqual(shown);
    expect(await eventsOf(sut, user, 'alert.created')).toHaveLength(1);

    // Too late to complete it: the person ends the alert instead ("I'm safe").
    const complete = await postAs(sut, user, `/api/escort-sessions/${session.id}/complete`);
    expect(complete.statusCode).toBe(409);
    expect(complete.json()).toEqual({ error: 'conflict', message: ESCORT_API_TEXTS.notActive });
    const resolved = await postAs(sut, user, `/api/alerts/${alerts[0]!.id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(await activeEscort(sut, user)).toBeNull();
  });

  it('a deadline attempt that died halfway is finished by the next one, with one alert and one text', async () => {
    const user = await person();
    const session = await startEscort(sut, user, FIVE_MINUTE_ESCORT);
    // Past the deadline and the last chance after it.
    sut.clock.advance(PAST_FIVE_MINUTE_DEADLINE_MS);
    // Died after marking the escort, before raising the alert: the job is still there to be claimed again.
    await sut.db.query("UPDATE escort_sessions SET status = 'expired', expired_at = $2 WHERE id = $1", [
      session.id,
      sut.clock.now(),
    ]);
    await runDeadlines(sut);
    const [alert] = await alertsOf(sut, user);
    expect((await activeEscort(sut, user))!).toMatchObject({ status: 'expired', alert_id: alert!.id });
    // Died after the alert's commit, before recording it on the escort: the retry finds the same alert.
    await sut.db.query('UPDATE escort_sessions SET alert_id = NULL WHERE id = $1', [session.id]);
    await sut.db.query(
      "UPDATE scheduled_jobs SET status = 'pending', attempts = 0 WHERE kind = $1 AND key = $2",
      [ESCORT_DEADLINE_JOB, session.id],
    );
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toHaveLength(1);
    expect(await textsOf(sut, user)).toHaveLength(1);
    expect((await activeEscort(sut, user))!).toMatchObject({ status: 'expired', alert_id: alert!.id });
  });

  it('without contacts, still expires and tells the guardians (realtime and push); with nobody, expires untold', async () => {
    const { ward: lonely, guardian } = await createGuardedWard(sut, 'No Contacts', 'Guardian');
    await sut.db.query(
      "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, 'k', 'a')",
      [guardian.id, `https://push.example/${guardian.id}`],
    );
    // Nobody to tell by the deadline: the only contact was deleted during the escort (a start needs one).
    const nobody = await createTestUserWithContacts(sut, 'Nobody', [{ phone: '+12015550124' }]);
    const told = await startEscort(sut, lonely, FIVE_MINUTE_ESCORT);
    const untold = await startEscort(sut, nobody, FIVE_MINUTE_ESCORT);
    await sut.db.query('DELETE FROM emergency_contacts WHERE user_id = $1', [nobody.id]);
    sut.clock.advance(PAST_FIVE_MINUTE_DEADLINE_MS);
    await runDeadlines(sut);

    const [alert] = await alertsOf(sut, lonely);
    expect(alert).toBeDefined();
    const deliveries = await sut.db.query<{ channel: string; recipient: string }>(
      'SELECT channel, recipient FROM alert_deliveries WHERE alert_id = $1',
      [alert!.id],
    );
    expect(deliveries.rows).toEqual([{ channel: 'push', recipient: guardian.id }]);
    expect(await eventsOf(sut, lonely, 'alert.created')).toHaveLength(1);
    expect((await activeEscort(sut, lonely))!).toMatchObject({
      id: told.id,
      status: 'expired',
      alert_id: alert!.id,
    });

    expect(await alertsOf(sut, nobody)).toEqual([]);
    expect((await activeEscort(sut, nobody))!).toMatchObject({
      id: untold.id,
      status: 'expired',
      alert_id: null,
    });
    sut.clock.advance(61 * 60_000);
    expect(await activeEscort(sut, await signInAgain(sut, nobody))).toBeNull(); // tokens last an hour
  });

  it('an SOS still needs contacts (the deadline option does not leak into POST /api/alerts)', async () => {
    const { ward: lonely } = await createGuardedWard(sut, 'No Contacts', 'Guardian');
    const res = await postAs(sut, lonely, '/api/alerts', { triggerType: 'manual' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('no_emergency_contacts');
  });
});
