/**
 * The two reads escorts and check-ins share in shape: what the person's phone shows, and what a guardian's wards
 * have open. Each repository describes its table once (`JourneyTable`); the names in it are literal types, so
 * only those constants can ever be put into the SQL, never anything a request sent.
 */
import { one, type Queryable, type Row } from '../../db/database';

export type JourneyTable<R extends Row> = {
  table: 'escort_sessions' | 'check_ins';
  /** Every column a row of this kind is read with. */
  columns: ReadonlyArray<keyof R & string>;
  /** The status of a journey whose deadline passed (it may have an open alert). */
  endedStatus: 'expired' | 'missed';
  /** When the deadline passed. */
  endedAtColumn: 'expired_at' | 'missed_at';
  /** When the journey started (newest first in ward lists). */
  startedAtColumn: 'started_at' | 'created_at';
};

/**
 * The person's active journey; else the newest ended one whose alert is still open, or that ended in the last
 * `recentMs` without an alert (nobody could be told). Journeys ended by the person are over.
 */
export function findShownJourney<R extends Row>(
  db: Queryable,
  kind: JourneyTable<R>,
  userId: string,
  now: Date,
  recentMs: number,
): Promise<R | undefined> {
  return one<R>(
    db,
    `SELECT ${kind.columns.join(', ')} FROM ${kind.table} j
     WHERE j.user_id = $1 AND (
       j.status = 'active'
       OR (j.status = '${kind.endedStatus}' AND (
         EXISTS (SELECT 1 FROM alerts a WHERE a.id = j.alert_id AND a.resolved_at IS NULL)
         OR (j.alert_id IS NULL AND j.${kind.endedAtColumn} > $2))))
     ORDER BY (j.status = 'active') DESC, j.${kind.endedAtColumn} DESC NULLS LAST
     LIMIT 1`,
    [userId, new Date(now.getTime() - recentMs)],
  );
}

/** The active journeys of these people, and those that ended since each one's `since`, newest first. */
export async function listWardJourneyRows<R extends Row>(
  db: Queryable,
  kind: JourneyTable<R>,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<R[]> {
  if (wards.length === 0) return [];
  const { rows } = await db.query<R>(
    `SELECT ${kind.columns.map((column) => `j.${column}`).join(', ')}
     FROM ${kind.table} j
     JOIN jsonb_to_recordset($1::jsonb) AS w(ward_id uuid, since timestamptz) ON w.ward_id = j.user_id
     WHERE j.status = 'active' OR (j.status = '${kind.endedStatus}' AND j.${kind.endedAtColumn} >= w.since)
     ORDER BY j.${kind.startedAtColumn} DESC`,
    [JSON.stringify(wards.map((w) => ({ ward_id: w.wardId, since: w.since.toISOString() })))],
  );
  return rows;
}
