/** Helpers for the journey API tests (not a test file itself). */
import { expect } from 'vitest';
import type { CheckIn, EscortSession } from '#shared/schemas/journey';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import { CHECK_IN_DEADLINE_JOB, ESCORT_DEADLINE_JOB } from './deadline-job';

export async function startEscort(
  sut: TestApp,
  user: TestUser,
  payload: Record<string, unknown> = {
    destination_address: '12 Market Street',
    estimated_duration_minutes: 30,
  },
): Promise<EscortSession> {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/escort-sessions',
    headers: user.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<EscortSession>();
}

export async function startCheckIn(sut: TestApp, user: TestUser, minutes = 30): Promise<CheckIn> {
  const res = await sut.app.inject({
    method: 'POST',
    url: '/api/checkins',
    headers: user.headers,
    payload: { interval_minutes: minutes },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CheckIn>();
}

/** Runs the deadline jobs and then the deliveries they queued, as the scheduler would. */
export async function runDeadlines(sut: TestApp): Promise<void> {
  await sut.app.scheduler.runNow(ESCORT_DEADLINE_JOB);
  await sut.app.scheduler.runNow(CHECK_IN_DEADLINE_JOB);
  await sut.app.scheduler.runNow('alert-delivery');
  await sut.app.idle();
}

export async function alertsOf(
  sut: TestApp,
  user: TestUser,
): Promise<Array<{ id: string; trigger_type: string; location_source: string | null }>> {
  const { rows } = await sut.db.query<{ id: string; trigger_type: string; location_source: string | null }>(
    'SELECT id, trigger_type, location_source FROM alerts WHERE user_id = $1 ORDER BY created_at',
    [user.id],
  );
  return rows;
}

export async function textsOf(
  sut: TestApp,
  user: TestUser,
): Promise<Array<{ recipient: string; body: string }>> {
  const { rows } = await sut.db.query<{ recipient: string; body: string }>(
    "SELECT recipient, body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 ORDER BY created_at",
    [user.id],
  );
  return rows;
}

/** The realtime events stored about `user` of a type (the hub stores each before delivering it). */
export async function eventsOf<P>(sut: TestApp, user: TestUser, type: string): Promise<P[]> {
  await sut.app.idle();
  const { rows } = await sut.db.query<{ payload: P }>(
    'SELECT payload FROM realtime_events WHERE user_id = $1 AND type = $2 ORDER BY id',
    [user.id, type],
  );
  return rows.map((row) => row.payload);
}
