/**
 * Check-ins over HTTP (docs/PRODUCT.md, "Escort sessions and check-ins on the server"): every rule and message,
 * the owner-only rule, and the missed check-in that fires from the server with no browser connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_IN_API_TEXTS } from '#shared/journey-texts';
import { mapLink } from '#shared/map-link';
import type { CheckIn } from '#shared/schemas/journey';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUserWithContacts } from '../../testing/test-alerts';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { postLocation } from '../guardians/guardian-test-helpers';
import { CHECK_IN_DEADLINE_JOB } from './deadline-job';
import {
  activeCheckIn,
  alertsOf,
  deadlineJobOf,
  eventsOf,
  jobDueFor,
  postAs,
  runDeadlines,
  startCheckIn,
  textsOf,
} from './journey-test-helpers';

describe('check-ins', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
  });
  afterAll(() => sut?.close());

  const person = (name = 'Jane Doe'): Promise<TestUser> =>
    createTestUserWithContacts(sut, name, [
      { phone: '+12015550123' },
      { phone: '+12015550124', name: 'Dad' },
    ]);

  it('needs at least one contact', async () => {
    const lonely = await createTestUser(sut, 'No Contacts');
    const res = await postAs(sut, lonely, '/api/checkins', { interval_minutes: 30 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'no_emergency_contacts', message: CHECK_IN_API_TEXTS.needsContacts });
    expect(await activeCheckIn(sut, lonely)).toBeNull();
  });

  it.each([4, 121, 7.5, 'thirty'])('refuses an interval of %j', async (interval) => {
    const user = await person();
    const res = await postAs(sut, user, '/api/checkins', { interval_minutes: interval });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'validation_failed',
      message: CHECK_IN_API_TEXTS.intervalRange,
      field: 'interval_minutes',
    });
  });

  it('starts one active check-in, due an interval from now; a second answers 409', async () => {
    const user = await person();
    const now = sut.clock.now();
    const checkIn = await startCheckIn(sut, user, 30);
    expect(checkIn).toMatchObject({
      status: 'active',
      interval_minutes: 30,
      started_at: now.toISOString(),
      next_due_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
      last_checked_in_at: null,
      stopped_at: null,
      missed_at: null,
      alert_id: null,
    });
    expect(await deadlineJobOf(sut, CHECK_IN_DEADLINE_JOB, checkIn.id)).toEqual({
      status: 'pending',
      due_at: jobDueFor(sut, checkIn.next_due_at),
    });
    const second = await postAs(sut, user, '/api/checkins', { interval_minutes: 10 });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'conflict', message: CHECK_IN_API_TEXTS.alreadyActive });
    expect(await activeCheckIn(sut, user)).toEqual(checkIn);
    expect(await eventsOf(sut, user, 'checkin.updated')).toEqual([checkIn]);
  });

  it('checking in moves the deadline to a full interval from now; on time, nothing is raised', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user, 10);
    for (let round = 0; round < 3; round++) {
      sut.clock.advance(9 * 60_000);
      await runDeadlines(sut);
      const res = await postAs(sut, user, `/api/checkins/${checkIn.id}/check-in`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'active',
        last_checked_in_at: sut.clock.now().toISOString(),
        next_due_at: new Date(sut.clock.now().getTime() + 10 * 60_000).toISOString(),
      });
      expect((await deadlineJobOf(sut, CHECK_IN_DEADLINE_JOB, checkIn.id))!.due_at).toEqual(
        jobDueFor(sut, res.json<CheckIn>().next_due_at),
      );
    }
    expect(await alertsOf(sut, user)).toEqual([]);
    expect(await textsOf(sut, user)).toEqual([]);
  });

  it('stops (twice answers the same), cancels the job, and then refuses a check-in with 409', async () => {
    const user = await person();
    const checkIn = await startCheckIn(sut, user);
    const stopped = await postAs(sut, user, `/api/checkins/${checkIn.id}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ status: 'stopped', stopped_at: sut.clock.now().toISOString() });
    expect((await deadlineJobOf(sut, CHECK_IN_DEADLINE_JOB, checkIn.id))!.status).toBe('cancelled');
    expect((await postAs(sut, user, `/api/checkins/${checkIn.id}/stop`)).json()).toEqual(stopped.json());
    const late = await postAs(sut, user, `/api/checkins/${checkIn.id}/check-in`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'conflict', message: CHECK_IN_API_TEXTS.notActive });
    expect(await activeCheckIn(sut, user)).toBeNull();
    sut.clock.advance(60 * 60_000);
    await runDeadlines(sut);
    expect(await alertsOf(sut, user)).toEqual([]);
  });

  it('answers 404 to anyone else', async () => {
    const owner = await person();
    const stranger = await person('Stranger');
    const checkIn = await startCheckIn(sut, owner);
    for (const action of ['check-in', 'stop']) {
      const res = await postAs(sut, stranger, `/api/checkins/${checkIn.id}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect(await activeCheckIn(sut, stranger)).toBeNull();
    expect((await activeCheckIn(sut, owner))!.status).toBe('active');
  });

  it('a missed check-in raises one alert texting every contact once, naming it and the last position', async () => {
    const user = await person();
    await postLocation(sut, user, {
      latitude: 40.7128,
      longitude: -74.006,
      timestamp: sut.clock.now().toISOString(),
    });
    const checkIn = await startCheckIn(sut, user, 15);
    sut.clock.advance(15 * 60_000 + 3 * 60_000);
    await runDeadlines(sut);
    await runDeadlines(sut);

    const alerts = await alertsOf(sut, user);
    expect(alerts).toEqual([
      { id: expect.any(String), trigger_type: 'checkin_missed', location_source: 'last_known' },
    ]);
    const texts = await textsOf(sut, user);
    expect(texts.map((text) => text.recipient).sort()).toEqual(['+12015550123', '+12015550124']);
    for (const { body } of texts) {
      expect(body).toContain('(missed check-in)');
      expect(body).toMatch(/Missed a check-in due at (\d{4}-\d\d-\d\d )?\d\d:\d\d UTC \(3 min overdue\)\./);
      expect(body).toContain(`Last known location (18 min ago): ${mapLink(40.7128, -74.006)}`);
      expect(body).toContain('Live location: ');
    }
    const shown = await activeCheckIn(sut, user);
    expect(shown).toMatchObject({
      id: checkIn.id,
      status: 'missed',
      missed_at: sut.clock.now().toISOString(),
      alert_id: alerts[0]!.id,
    });
    expect((await eventsOf<CheckIn>(sut, user, 'checkin.updated')).at(-1)).toEqual(shown);
    const late = await postAs(sut, user, `/api/checkins/${checkIn.id}/check-in`);
    expect(late.statusCode).toBe(409);
  });
});
