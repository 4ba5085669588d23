import type { Location, RoutePoint } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';
import { toStays } from './stays';
import { liveSessionExists } from '../../access/session-rule';

export type LocationRow = {
  user_id: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  address: string | null;
  battery_level: number | null;
  network_online: boolean | null;
  recorded_at: Date;
  /** The newest reading that found the phone at exactly this place (recorded_at when none did since). */
  checked_at: Date;
};

/** A reading ready to store (validated, timestamp settled). */
export type NewLocation = Omit<LocationRow, 'user_id' | 'checked_at'>;

const COLUMNS =
  'user_id, latitude, longitude, accuracy, speed, heading, altitude, address, battery_level, network_online, recorded_at, checked_at';

/** The same columns of `live_locations l`, where other tables in the statement have columns of those names. */
const COLUMNS_OF_L = COLUMNS.split(', ')
  .map((column) => `l.${column}`)
  .join(', ');

/**
 * What one upload did: whether the session was still signed in and sharing on (nothing is stored otherwise), the
 * places it added, and how many readings confirmed one.
 */
export type IngestOutcome = {
  live: boolean;
  sharing: boolean;
  /** New places (stays), each as its first reading with its checked time. */
  stored: LocationRow[];
  /** The person's newest place before this upload, when readings found the phone still there (its new check). */
  extended: LocationRow | null;
  /** Readings that found the phone at the place of the reading before them: they moved its `checked_at`. */
  checked: number;
};

/**
 * Stores a batch for the person in ONE statement (one round trip, all or nothing), and only while the session it
 * came from is signed in (the route's only session check: http/access.ts, `confirmsSessionInWrite`) and their
 * location sharing is on (their profile's switch; no profile means off). The readings go as stays (stays.ts): the first
 * one, when it finds the phone at exactly the person's newest stored place, adds no row but moves that place's
 * `checked_at`, battery and online flag; each other adds a row. A stay already stored (same time taken, same
 * position) is skipped: a phone whose batch reached the server but whose answer was lost (a reload, a dropped
 * connection) sends the same batch again. That check looks each stay up by its time (a LATERAL subquery with
 * LIMIT, which the planner cannot turn into a join): written as NOT EXISTS, the planner hashed all of the person's
 * stored rows for every upload (it guesses 100 rows from jsonb_to_recordset), so an upload cost more the longer
 * the person had shared — about a millisecond per 1,300 rows.
 */
export async function insertNewLocations(
  db: Queryable,
  { userId, sessionId }: { userId: string; sessionId: string },
  readings: readonly NewLocation[],
  now: Date,
): Promise<IngestOutcome> {
  const stays = toStays(readings);
  const rows = stays.map(({ confirmations: _confirmations, ...stay }, seq) => ({
    ...stay,
    recorded_at: stay.recorded_at.toISOString(),
    checked_at: stay.checked_at.toISOString(),
    seq,
  }));
  const { rows: result } = await db.query<{
    live: boolean;
    sharing: boolean | null;
    stored: StoredJson[] | null;
    extended: StoredJson | null;
  }>(
    `WITH session AS (
       SELECT ${liveSessionExists('$4', '$1')} AS live
     ), sharing AS (
       SELECT location_sharing_enabled AS enabled FROM profiles
       WHERE id = $1 AND (SELECT live FROM session)
     ), stays AS (
       SELECT r.* FROM jsonb_to_recordset($2::jsonb) AS r(latitude double precision, longitude double precision,
         accuracy double precision, speed double precision, heading double precision, altitude double precision,
         address text, battery_level smallint, network_online boolean, recorded_at timestamptz,
         checked_at timestamptz, seq int)
       WHERE (SELECT enabled FROM sharing) IS TRUE
     ), newest AS (
       SELECT id, latitude, longitude, recorded_at FROM live_locations
       WHERE user_id = $1 ORDER BY recorded_at DESC, created_at DESC LIMIT 1
     ), going_on AS (
       SELECT s.seq, s.checked_at, s.battery_level, s.network_online FROM stays s JOIN newest n
         ON s.seq = 0 AND n.latitude = s.latitude AND n.longitude = s.longitude AND n.recorded_at <= s.recorded_at
     ), inserted AS (
       INSERT INTO live_locations (${COLUMNS}, received_at, created_at)
       SELECT $1, s.latitude, s.longitude, s.accuracy, s.speed, s.heading, s.altitude, s.address, s.battery_level,
              s.network_online, s.recorded_at, s.checked_at, $3, $3
       FROM stays s
       LEFT JOIN LATERAL (
         SELECT 1 AS found FROM live_locations l
         WHERE l.user_id = $1 AND l.recorded_at = s.recorded_at
           AND l.latitude = s.latitude AND l.longitude = s.longitude
         LIMIT 1
       ) stored ON true
       WHERE NOT EXISTS (SELECT 1 FROM going_on g WHERE g.seq = s.seq) AND stored.found IS NULL
       RETURNING ${COLUMNS}
     ), extended AS (
       UPDATE live_locations l SET
         checked_at = greatest(l.checked_at, g.checked_at),
         battery_level = CASE WHEN g.checked_at >= l.checked_at THEN g.battery_level ELSE l.battery_level END,
         network_online = CASE WHEN g.checked_at >= l.checked_at THEN g.network_online ELSE l.network_online END,
         received_at = $3
       FROM newest n, going_on g
       WHERE l.id = n.id
       RETURNING ${COLUMNS_OF_L}
     )
     SELECT (SELECT live FROM session) AS live,
            (SELECT enabled FROM sharing) AS sharing,
            (SELECT json_agg(inserted) FROM inserted) AS stored,
            (SELECT row_to_json(extended) FROM extended) AS extended`,
    [userId, JSON.stringify(rows), now, sessionId],
  );
  const row = result[0];
  const live = row?.live === true;
  const sharing = live && row?.sharing === true;
  const extended = row?.extended ? fromJson(row.extended) : null;
  const confirmations = stays.reduce((sum, stay) => sum + stay.confirmations, 0);
  return {
    live,
    sharing,
    stored: (row?.stored ?? []).map(fromJson),
    extended,
    checked: sharing ? confirmations + (extended ? 1 : 0) : 0,
  };
}

/** A stored row as json_agg gives it: times as text. */
type StoredJson = Omit<LocationRow, 'recorded_at' | 'checked_at'> & {
  recorded_at: string;
  checked_at: string;
};

function fromJson(row: StoredJson): LocationRow {
  return { ...row, recorded_at: new Date(row.recorded_at), checked_at: new Date(row.checked_at) };
}

/** The newest reading of each given person (people without one are absent from the map). */
export async function latestLocations(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, LocationRow>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<LocationRow>(
    `SELECT DISTINCT ON (user_id) ${COLUMNS} FROM live_locations
     WHERE user_id = ANY($1::uuid[]) ORDER BY user_id, recorded_at DESC, created_at DESC`,
    [[...userIds]],
  );
  return new Map(rows.map((row) => [row.user_id, row]));
}

/**
 * The person's latest places the phone was at on or after `since` (a stay that began earlier and was still
 * checked then counts), at most `limit`, oldest first.
 */
export async function recentRoute(
  db: Queryable,
  userId: string,
  options: { since?: Date; limit: number },
): Promise<LocationRow[]> {
  const { rows } = await db.query<LocationRow>(
    `SELECT ${COLUMNS} FROM live_locations
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR checked_at >= $2)
     ORDER BY recorded_at DESC, created_at DESC LIMIT $3`,
    [userId, options.since ?? null, options.limit],
  );
  return rows.reverse();
}

/**
 * Deletes places last checked before `cutoff` (a stay still being checked is the current position, however long
 * ago it began); returns how many. `recorded_at` is never later than `checked_at`, so its index finds them.
 */
export async function deleteLocationsBefore(db: Queryable, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query(
    'DELETE FROM live_locations WHERE recorded_at < $1 AND checked_at < $1',
    [cutoff],
  );
  return rowCount;
}

export function toLocation(row: LocationRow): Location {
  return {
    user_id: row.user_id,
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    speed: row.speed,
    heading: row.heading,
    altitude: row.altitude,
    address: row.address,
    battery_level: row.battery_level,
    online: row.network_online,
    recorded_at: row.recorded_at.toISOString(),
    checked_at: row.checked_at.toISOString(),
  };
}

export function toRoutePoint(row: LocationRow): RoutePoint {
  return {
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    recorded_at: row.recorded_at.toISOString(),
  };
}
