/** The escort_sessions table (migrations 001 and 016): an escort's row, its route and its deadline's outcome. */
import type { EscortRoutePoint, EscortSession, EscortStatus } from '#shared/schemas/journey';
import { one, type Queryable } from '../../db/database';
import { findShownJourney, type JourneyTable, listWardJourneyRows } from './journey-queries';

export type EscortRow = {
  id: string;
  user_id: string;
  status: EscortStatus;
  destination_address: string;
  estimated_minutes: number;
  started_at: Date;
  deadline_at: Date;
  completed_at: Date | null;
  expired_at: Date | null;
  alert_id: string | null;
  /** The person's last chance when the journey started (migration 026). */
  last_chance_seconds: number;
  route_data: unknown;
};

const ESCORTS: JourneyTable<EscortRow> = {
  table: 'escort_sessions',
  columns: [
    'id',
    'user_id',
    'status',
    'destination_address',
    'estimated_minutes',
    'started_at',
    'deadline_at',
    'completed_at',
    'expired_at',
    'alert_id',
    'last_chance_seconds',
    'route_data',
  ],
  endedStatus: 'expired',
  endedAtColumn: 'expired_at',
  startedAtColumn: 'started_at',
};
const COLUMNS = ESCORTS.columns.join(', ');

/**
 * Starts an escort; undefined when the person has one active already (the unique partial index decides, so two
 * racing starts cannot both succeed).
 */
export function insertEscort(
  tx: Queryable,
  escort: {
    userId: string;
    destination: string;
    minutes: number;
    now: Date;
    deadline: Date;
    lastChanceSeconds: number;
  },
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    tx,
    `INSERT INTO escort_sessions
       (user_id, destination_address, estimated_minutes, status, started_at, deadline_at, last_signal_at,
        created_at, updated_at, last_chance_seconds)
     VALUES ($1, $2, $3, 'active', $4, $5, $4, $4, $4, $6)
     ON CONFLICT (user_id) WHERE status = 'active' DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      escort.userId,
      escort.destination,
      escort.minutes,
      escort.now,
      escort.deadline,
      escort.lastChanceSeconds,
    ],
  );
}

/** The person's escort by id, locked for a change when `forUpdate` (undefined for anyone else's). */
export function findEscort(
  db: Queryable,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    db,
    `SELECT ${COLUMNS} FROM escort_sessions WHERE id = $1 AND user_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, userId],
  );
}

/** An escort by id alone (the deadline job, which acts for the server). */
export function findEscortById(db: Queryable, id: string): Promise<EscortRow | undefined> {
  return one<EscortRow>(db, `SELECT ${COLUMNS} FROM escort_sessions WHERE id = $1`, [id]);
}

/** Whose an escort session is (the recordings module's port); undefined when there is no such session. */
export async function findEscortOwner(db: Queryable, id: string): Promise<string | undefined> {
  return (await one<{ user_id: string }>(db, 'SELECT user_id FROM escort_sessions WHERE id = $1', [id]))
    ?.user_id;
}

/**
 * What the person's phone shows: the active escort; else the newest expired one whose alert is still open, or
 * that expired in the last `recentMs` without an alert (nobody could be told). Completed ones are over.
 */
export function findShownEscort(
  db: Queryable,
  userId: string,
  now: Date,
  recentMs: number,
): Promise<EscortRow | undefined> {
  return findShownJourney(db, ESCORTS, userId, now, recentMs);
}

/** Writes a changed active escort (route, deadline, signal); undefined when it is no longer active. */
export function updateActiveEscort(
  tx: Queryable,
  id: string,
  change: { deadline: Date; route: readonly EscortRoutePoint[]; signalAt: Date | null; now: Date },
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    tx,
    `UPDATE escort_sessions
     SET deadline_at = $2, route_data = $3::jsonb, last_signal_at = GREATEST(last_signal_at, $4), updated_at = $5
     WHERE id = $1 AND status = 'active'
     RETURNING ${COLUMNS}`,
    [id, change.deadline, JSON.stringify(change.route), change.signalAt, change.now],
  );
}

/** "I'm safe" / Cancel, received at `at`: completes an active escort; undefined when it is no longer active. */
export function completeEscort(
  tx: Queryable,
  id: string,
  at: Date,
  now: Date,
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    tx,
    `UPDATE escort_sessions SET status = 'completed', completed_at = $2, updated_at = $3
     WHERE id = $1 AND status = 'active'
     RETURNING ${COLUMNS}`,
    [id, at, now],
  );
}

/**
 * The deadline passed: marks an active escort expired at `now`, only if its deadline (as it stands now, after any
 * added time) lies at least the alert's wait before `now`: the request grace `graceMs`, or the escort's last chance
 * when longer (deadline-job.ts `alertWaitMs`). Whichever of this and a request
 * (complete, add time) commits first wins; the other finds the row changed.
 */
export function expireEscort(
  tx: Queryable,
  id: string,
  now: Date,
  graceMs: number,
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    tx,
    `UPDATE escort_sessions SET status = 'expired', expired_at = $2, updated_at = $2
     WHERE id = $1 AND status = 'active'
       AND deadline_at + GREATEST($3::double precision, last_chance_seconds * 1000.0) * interval '1 millisecond' <= $2
     RETURNING ${COLUMNS}`,
    [id, now, graceMs],
  );
}

/** Records the alert an expired escort raised. */
export function setEscortAlert(
  db: Queryable,
  id: string,
  alertId: string,
  now: Date,
): Promise<EscortRow | undefined> {
  return one<EscortRow>(
    db,
    `UPDATE escort_sessions SET alert_id = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, alertId, now],
  );
}

/** The open escorts of these people, and those that expired since `since`, newest first. */
export function listWardEscorts(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<EscortRow[]> {
  return listWardJourneyRows(db, ESCORTS, wards);
}

/** The stored route, oldest first (points that no longer parse are left out). */
export function routeOf(row: Pick<EscortRow, 'route_data'>): EscortRoutePoint[] {
  if (!Array.isArray(row.route_data)) return [];
  return row.route_data.filter(isRoutePoint);
}

function isRoutePoint(value: unknown): value is EscortRoutePoint {
  if (typeof value !== 'object' || value === null) return false;
  const point = value as Record<string, unknown>;
  return (
    typeof point.latitude === 'number' &&
    typeof point.longitude === 'number' &&
    (point.accuracy === null || typeof point.accuracy === 'number') &&
    typeof point.recorded_at === 'string'
  );
}

export function toEscortSession(row: EscortRow): EscortSession {
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    destination_address: row.destination_address,
    estimated_duration_minutes: row.estimated_minutes,
    started_at: row.started_at.toISOString(),
    deadline_at: row.deadline_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    expired_at: row.expired_at?.toISOString() ?? null,
    alert_id: row.alert_id,
    route: routeOf(row),
    last_chance_seconds: row.last_chance_seconds,
  };
}
