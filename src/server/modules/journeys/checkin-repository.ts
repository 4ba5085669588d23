/** The check_ins table (migrations 001 and 016): a check-in's row, its next deadline and its outcome. */
import type { CheckIn, CheckInStatus } from '#shared/schemas/journey';
import { one, type Queryable } from '../../db/database';
import { findShownJourney, type JourneyTable, listWardJourneyRows } from './journey-queries';

export type CheckInRow = {
  id: string;
  user_id: string;
  status: CheckInStatus;
  interval_minutes: number;
  created_at: Date;
  next_due_at: Date;
  last_checked_in_at: Date | null;
  stopped_at: Date | null;
  missed_at: Date | null;
  alert_id: string | null;
  /** The person's last chance when the journey started (migration 026). */
  last_chance_seconds: number;
};

const CHECK_INS: JourneyTable<CheckInRow> = {
  table: 'check_ins',
  columns: [
    'id',
    'user_id',
    'status',
    'interval_minutes',
    'created_at',
    'next_due_at',
    'last_checked_in_at',
    'stopped_at',
    'missed_at',
    'alert_id',
    'last_chance_seconds',
  ],
  endedStatus: 'missed',
  endedAtColumn: 'missed_at',
  startedAtColumn: 'created_at',
};
const COLUMNS = CHECK_INS.columns.join(', ');

/** Starts a check-in; undefined when the person has one active already (the unique partial index decides). */
export function insertCheckIn(
  tx: Queryable,
  checkIn: { userId: string; minutes: number; now: Date; dueAt: Date; lastChanceSeconds: number },
): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(
    tx,
    `INSERT INTO check_ins
       (user_id, status, interval_minutes, next_due_at, last_signal_at, created_at, updated_at, last_chance_seconds)
     VALUES ($1, 'active', $2, $3, $4, $4, $4, $5)
     ON CONFLICT (user_id) WHERE status = 'active' DO NOTHING
     RETURNING ${COLUMNS}`,
    [checkIn.userId, checkIn.minutes, checkIn.dueAt, checkIn.now, checkIn.lastChanceSeconds],
  );
}

/** The person's check-in by id (undefined for anyone else's). */
export function findCheckIn(db: Queryable, userId: string, id: string): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(db, `SELECT ${COLUMNS} FROM check_ins WHERE id = $1 AND user_id = $2`, [id, userId]);
}

export function findCheckInById(db: Queryable, id: string): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(db, `SELECT ${COLUMNS} FROM check_ins WHERE id = $1`, [id]);
}

/**
 * What the person's phone shows: the active check-in; else the newest missed one whose alert is still open, or
 * that was missed in the last `recentMs` without an alert.
 */
export function findShownCheckIn(
  db: Queryable,
  userId: string,
  now: Date,
  recentMs: number,
): Promise<CheckInRow | undefined> {
  return findShownJourney(db, CHECK_INS, userId, now, recentMs);
}

/**
 * "Check in", received at `at`: the next deadline is a full interval from then (never earlier than it stood);
 * undefined when the check-in is no longer active.
 */
export function checkInNow(tx: Queryable, id: string, at: Date, now: Date): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(
    tx,
    `UPDATE check_ins
     SET next_due_at = GREATEST(next_due_at, $2::timestamptz + make_interval(mins => interval_minutes)),
       last_checked_in_at = GREATEST(last_checked_in_at, $2), last_signal_at = GREATEST(last_signal_at, $2),
       updated_at = $3
     WHERE id = $1 AND status = 'active'
     RETURNING ${COLUMNS}`,
    [id, at, now],
  );
}

/** Stops an active check-in, as of `at` (when the server received the request). */
export function stopCheckIn(tx: Queryable, id: string, at: Date, now: Date): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(
    tx,
    `UPDATE check_ins SET status = 'stopped', stopped_at = $2, updated_at = $3
     WHERE id = $1 AND status = 'active'
     RETURNING ${COLUMNS}`,
    [id, at, now],
  );
}

/**
 * The deadline passed: marks an active check-in missed at `now`, only if it was (still) due at least the alert's
 * wait before `now`: the request grace `graceMs`, or the check-in's last chance when longer (deadline-job.ts
 * `alertWaitMs`).
 */
export function missCheckIn(
  tx: Queryable,
  id: string,
  now: Date,
  graceMs: number,
): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(
    tx,
    `UPDATE check_ins SET status = 'missed', missed_at = $2, updated_at = $2
     WHERE id = $1 AND status = 'active'
       AND next_due_at + GREATEST($3::double precision, last_chance_seconds * 1000.0) * interval '1 millisecond' <= $2
     RETURNING ${COLUMNS}`,
    [id, now, graceMs],
  );
}

export function setCheckInAlert(
  db: Queryable,
  id: string,
  alertId: string,
  now: Date,
): Promise<CheckInRow | undefined> {
  return one<CheckInRow>(
    db,
    `UPDATE check_ins SET alert_id = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, alertId, now],
  );
}

/** The open check-ins of these people, and those missed since `since`, newest first. */
export function listWardCheckIns(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<CheckInRow[]> {
  return listWardJourneyRows(db, CHECK_INS, wards);
}

export function toCheckIn(row: CheckInRow): CheckIn {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    interval_minutes: row.interval_minutes,
    started_at: row.created_at.toISOString(),
    next_due_at: row.next_due_at.toISOString(),
    last_checked_in_at: row.last_checked_in_at?.toISOString() ?? null,
    stopped_at: row.stopped_at?.toISOString() ?? null,
    missed_at: row.missed_at?.toISOString() ?? null,
    alert_id: row.alert_id,
    last_chance_seconds: row.last_chance_seconds,
  };
}
