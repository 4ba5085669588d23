import type { JourneyKind, JourneyWarning } from '#shared/schemas/journey';
import { LocationSchema, type Location } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

/** The two journey tables share the columns the watch reads and writes. */
const TABLE: Record<JourneyKind, string> = { escort: 'escort_sessions', checkin: 'check_ins' };
/** When each kind of journey began. */
const STARTED: Record<JourneyKind, string> = { escort: 'started_at', checkin: 'created_at' };

export type WarningKind = JourneyWarning['kind'];

/** An active journey the phone has been silent on since `last_signal_at`. */
export type SilentJourney = {
  journey: JourneyKind;
  id: string;
  user_id: string;
  last_signal_at: Date;
};

/** An active journey of one person. */
export type ActiveJourney = { journey: JourneyKind; id: string };

/**
 * A heartbeat: every active journey of the person heard from the phone now (and its battery, when it said).
 * Returns those journeys.
 */
export async function recordHeartbeat(
  db: Queryable,
  userId: string,
  now: Date,
  battery: number | null,
): Promise<ActiveJourney[]> {
  const { rows } = await db.query<ActiveJourney>(
    `WITH e AS (
       UPDATE escort_sessions SET last_signal_at = $2, last_battery = coalesce($3, last_battery), updated_at = $2
       WHERE user_id = $1 AND status = 'active' RETURNING id),
     c AS (
       UPDATE check_ins SET last_signal_at = $2, last_battery = coalesce($3, last_battery), updated_at = $2
       WHERE user_id = $1 AND status = 'active' RETURNING id)
     SELECT 'escort' AS journey, id FROM e UNION ALL SELECT 'checkin' AS journey, id FROM c`,
    [userId, now, battery],
  );
  return rows;
}

/**
 * Active journeys not yet warned about whose newest sign of life — the start, the journey's own last signal
 * (heartbeat, route points, added time, a check-in) or a position the server received — is older than `cutoff`.
 */
export async function findSilentJourneys(
  db: Queryable,
  cutoff: Date,
  limit: number,
): Promise<SilentJourney[]> {
  const select = (journey: JourneyKind): string => `
    SELECT '${journey}' AS journey, j.id, j.user_id,
           greatest(j.${STARTED[journey]}, j.last_signal_at, l.received) AS last_signal_at
    FROM ${TABLE[journey]} j
    LEFT JOIN LATERAL (
      SELECT max(received_at) AS received FROM live_locations
      WHERE user_id = j.user_id AND received_at >= j.${STARTED[journey]}
    ) l ON true
    WHERE j.status = 'active' AND j.silence_warned_at IS NULL
      AND greatest(j.${STARTED[journey]}, j.last_signal_at, l.received) < $1`;
  const { rows } = await db.query<SilentJourney>(
    `${select('escort')} UNION ALL ${select('checkin')} ORDER BY last_signal_at LIMIT $2`,
    [cutoff, limit],
  );
  return rows;
}

/** The person's active journeys not yet given this warning. */
export async function activeJourneysWithout(
  db: Queryable,
  userId: string,
  kind: WarningKind,
): Promise<ActiveJourney[]> {
  const column = markColumn(kind);
  const { rows } = await db.query<ActiveJourney>(
    `SELECT 'escort' AS journey, id FROM escort_sessions
       WHERE user_id = $1 AND status = 'active' AND ${column} IS NULL
     UNION ALL
     SELECT 'checkin' AS journey, id FROM check_ins
       WHERE user_id = $1 AND status = 'active' AND ${column} IS NULL`,
    [userId],
  );
  return rows;
}

/**
 * Marks the journey as given this warning, if it is still active and was not given it yet: true for exactly one
 * caller, however many instances look at once (the row lock and the NULL check decide).
 */
export async function markWarned(
  tx: Queryable,
  journey: ActiveJourney,
  kind: WarningKind,
  now: Date,
): Promise<boolean> {
  const column = markColumn(kind);
  const { rowCount } = await tx.query(
    `UPDATE ${TABLE[journey.journey]} SET ${column} = $2
     WHERE id = $1 AND status = 'active' AND ${column} IS NULL`,
    [journey.id, now],
  );
  return rowCount > 0;
}

export type WarningRow = {
  id: string;
  user_id: string;
  kind: WarningKind;
  journey: JourneyKind;
  journey_id: string;
  last_signal_at: Date;
  battery: number | null;
  /** The position as it was stored (a Location, or null); read back through LocationSchema. */
  location: unknown;
  created_at: Date;
};

const WARNING_COLUMNS =
  'id, user_id, kind, journey, journey_id, last_signal_at, battery, location, created_at';

/** The warnings of each given ward sent since that ward's `since` (the guardian view's window), newest first. */
export async function listWarningsOfWards(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<WarningRow[]> {
  if (wards.length === 0) return [];
  const { rows } = await db.query<WarningRow>(
    `SELECT ${WARNING_COLUMNS.split(', ')
      .map((column) => `j.${column}`)
      .join(', ')}
     FROM journey_warnings j
     JOIN jsonb_to_recordset($1::jsonb) AS w(ward_id uuid, since timestamptz) ON w.ward_id = j.user_id
     WHERE j.created_at >= w.since
     ORDER BY j.created_at DESC`,
    [JSON.stringify(wards.map((w) => ({ ward_id: w.wardId, since: w.since.toISOString() })))],
  );
  return rows;
}

/** The same warnings as the API shows them: what the guardians' GET /api/wards/journeys answers. */
export async function warningsOfWards(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<JourneyWarning[]> {
  return (await listWarningsOfWards(db, wards)).map(toJourneyWarning);
}

export async function insertWarning(
  tx: Queryable,
  warning: Omit<WarningRow, 'id' | 'location'> & { location: Location | null },
): Promise<WarningRow> {
  const { rows } = await tx.query<WarningRow>(
    `INSERT INTO journey_warnings (user_id, kind, journey, journey_id, last_signal_at, battery, location, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${WARNING_COLUMNS}`,
    [
      warning.user_id,
      warning.kind,
      warning.journey,
      warning.journey_id,
      warning.last_signal_at,
      warning.battery,
      warning.location === null ? null : JSON.stringify(warning.location),
      warning.created_at,
    ],
  );
  return rows[0]!;
}

export function toJourneyWarning(row: WarningRow): JourneyWarning {
  // Anything stored that no longer parses as a position is shown as none.
  const location = LocationSchema.safeParse(row.location);
  return {
    kind: row.kind,
    journey: row.journey,
    journey_id: row.journey_id,
    user_id: row.user_id,
    last_signal_at: row.last_signal_at.toISOString(),
    battery: row.battery,
    location: location.success ? location.data : null,
    created_at: row.created_at.toISOString(),
  };
}

function markColumn(kind: WarningKind): string {
  return kind === 'silence' ? 'silence_warned_at' : 'last_gasp_at';
}
