/** Helpers for the journey API tests (not a test file itself). */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  ActiveCheckInResponse,
  ActiveEscortResponse,
  CheckIn,
  EscortSession,
} from '#shared/schemas/journey';
import type { TestApp } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import { LAST_CHANCE } from '#shared/last-chance';
import { CHECK_IN_DEADLINE_JOB, deadlineGraceMs, ESCORT_DEADLINE_JOB, firesAt } from './deadline-job';
import { JOURNEY_LAST_CHANCE_PUSH_JOB, JOURNEY_WARNING_PUSH_JOB } from './reminder-jobs';

/** An escort whose deadline a test reaches by moving the clock a few minutes. */
export const FIVE_MINUTE_ESCORT = { destination_address: 'Home', estimated_duration_minutes: 5 };

/** The default last chance after a deadline, in seconds: the alert waits this long (profiles' default). */
export const DEFAULT_LAST_CHANCE_SECONDS = LAST_CHANCE.defaultMinutes * 60;

/** From the start of a five-minute journey to past its deadline and the default last chance after it. */
export const PAST_FIVE_MINUTE_DEADLINE_MS = (5 + LAST_CHANCE.defaultMinutes + 1) * 60_000;

/** Sets `user`'s last chance after a journey's deadline (PATCH /api/profile). */
export async function setLastChance(
  sut: TestApp,
  user: TestUser,
  minutes: unknown,
): Promise<LightMyRequestResponse> {
  return sut.app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: user.headers,
    payload: { last_chance_minutes: minutes },
  });
}

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

/** POST `url` as `user`, with `payload` as the JSON body when there is one. */
export function postAs(
  sut: TestApp,
  user: TestUser,
  url: string,
  payload?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return sut.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
}

/** What GET /api/escort-sessions/active shows `user`. */
export async function activeEscort(sut: TestApp, user: TestUser): Promise<EscortSession | null> {
  const res = await sut.app.inject({
    method: 'GET',
    url: '/api/escort-sessions/active',
    headers: user.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<ActiveEscortResponse>().session;
}

/** What GET /api/checkins/active shows `user`. */
export async function activeCheckIn(sut: TestApp, user: TestUser): Promise<CheckIn | null> {
  const res = await sut.app.inject({ method: 'GET', url: '/api/checkins/active', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res.json<ActiveCheckInResponse>().checkin;
}

/**
 * When the job of a deadline (an ISO time from an answer) comes due on `sut`: a grace after it, or the last chance
 * (the default unless given) when longer.
 */
export function jobDueFor(
  sut: TestApp,
  deadline: string,
  lastChanceSeconds = DEFAULT_LAST_CHANCE_SECONDS,
): Date {
  return firesAt(new Date(deadline), deadlineGraceMs(sut.config.http), lastChanceSeconds);
}

/**
 * Moves `sut`'s clock from a journey's start to when its deadline `minutes` later fires: a grace after it, or the
 * default last chance when longer.
 */
export function advancePastDeadline(sut: TestApp, minutes: number): void {
  sut.clock.advance(
    minutes * 60_000 + Math.max(deadlineGraceMs(sut.config.http), DEFAULT_LAST_CHANCE_SECONDS * 1000),
  );
}

/** The reminder jobs of a journey (`kind` 'escort' or 'checkin'): the warning's and the last chance's rows. */
export async function reminderJobsOf(
  sut: TestApp,
  kind: 'escort' | 'checkin',
  journeyId: string,
): Promise<{ warning?: { status: string; due_at: Date }; lastChance?: { status: string; due_at: Date } }> {
  const { rows } = await sut.db.query<{ kind: string; status: string; due_at: Date }>(
    'SELECT kind, status, due_at FROM scheduled_jobs WHERE kind = ANY($1::text[]) AND key = $2',
    [[JOURNEY_WARNING_PUSH_JOB, JOURNEY_LAST_CHANCE_PUSH_JOB], `${kind}:${journeyId}`],
  );
  const row = (job: string) => {
    const found = rows.find((r) => r.kind === job);
    return found && { status: found.status, due_at: found.due_at };
  };
  return { warning: row(JOURNEY_WARNING_PUSH_JOB), lastChance: row(JOURNEY_LAST_CHANCE_PUSH_JOB) };
}

/** The deadline job of a journey (`kind` is ESCORT_DEADLINE_JOB or CHECK_IN_DEADLINE_JOB). */
export async function deadlineJobOf(
  sut: TestApp,
  kind: string,
  journeyId: string,
): Promise<{ status: string; due_at: Date } | undefined> {
  const { rows } = await sut.db.query<{ status: string; due_at: Date }>(
    'SELECT status, due_at FROM scheduled_jobs WHERE kind = $1 AND key = $2',
    [kind, journeyId],
  );
  return rows[0];
}

/**
 * An active escort due in an hour, written straight into the table: for the journey watch's tests, which test
 * their own module, not the journeys API (so no deadline job and no event come with it).
 */
export async function insertEscortRow(sut: TestApp, user: TestUser): Promise<string> {
  const now = sut.clock.now();
  const { rows } = await sut.db.query<{ id: string }>(
    `INSERT INTO escort_sessions (user_id, destination_address, estimated_minutes, started_at, deadline_at)
     VALUES ($1, '12 Market Street', 60, $2, $3) RETURNING id`,
    [user.id, now, new Date(now.getTime() + 60 * 60_000)],
  );
  return rows[0]!.id;
}

/** An active 30-minute check-in written straight into the table (as `insertEscortRow`). */
export async function insertCheckInRow(sut: TestApp, user: TestUser): Promise<string> {
  const now = sut.clock.now();
  const { rows } = await sut.db.query<{ id: string }>(
    `INSERT INTO check_ins (user_id, interval_minutes, next_due_at, created_at) VALUES ($1, 30, $2, $3)
     RETURNING id`,
    [user.id, new Date(now.getTime() + 30 * 60_000), now],
  );
  return rows[0]!.id;
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
