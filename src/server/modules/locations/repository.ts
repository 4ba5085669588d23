import type { Location, RoutePoint } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';

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
};

/** A reading ready to store (validated, timestamp settled). */
export type NewLocation = Omit<LocationRow, 'user_id'>;

const COLUMNS =
  'user_id, latitude, longitude, accuracy, speed, heading, altitude, address, battery_level, network_online, recorded_at';

/**
 * Stores a batch for the person in ONE statement (one round trip, all or nothing), and only while their location
 * sharing is on (their profile's switch; no profile means off). A reading already stored for them (same time
 * taken, same position) is skipped: a phone whose batch reached the server but whose answer was lost (a reload, a
 * dropped connection) sends the same batch again. Answers whether sharing was on and the readings it stored.
 */
export async function insertNewLocations(
  db: Queryable,
  userId: string,
  readings: readonly NewLocation[],
  now: Date,
): Promise<{ sharing: boolean; stored: NewLocation[] }> {
  const rows = readings.map((reading) => ({ ...reading, recorded_at: reading.recorded_at.toISOString() }));
  const { rows: result } = await db.query<{ sharing: boolean | null; stored: StoredJson[] | null }>(
    `WITH sharing AS (
       SELECT location_sharing_enabled AS enabled FROM profiles WHERE id = $1
     ), inserted AS (
       INSERT INTO live_locations (${COLUMNS}, created_at)
       SELECT $1, r.latitude, r.longitude, r.accuracy, r.speed, r.heading, r.altitude, r.address, r.battery_level,
              r.network_online, r.recorded_at, $3
       FROM jsonb_to_recordset($2::jsonb) AS r(latitude double precision, longitude double precision,
         accuracy double precision, speed double precision, heading double precision, altitude double precision,
         address text, battery_level smallint, network_online boolean, recorded_at timestamptz)
       WHERE (SELECT enabled FROM sharing) IS TRUE
         AND NOT EXISTS (
           SELECT 1 FROM live_locations l
           WHERE l.user_id = $1 AND l.recorded_at = r.recorded_at
             AND l.latitude = r.latitude AND l.longitude = r.longitude)
       RETURNING ${COLUMNS}
     )
     SELECT (SELECT enabled FROM sharing) AS sharing,
            (SELECT json_agg(inserted) FROM inserted) AS stored`,
    [userId, JSON.stringify(rows), now],
  );
  const { sharing, stored } = result[0] ?? { sharing: null, stored: null };
  return { sharing: sharing === true, stored: (stored ?? []).map(fromJson) };
}

/** A stored row as json_agg gives it: times as text. */
type StoredJson = Omit<LocationRow, 'recorded_at'> & { recorded_at: string };

function fromJson({ user_id: _user, ...row }: StoredJson): NewLocation {
  return { ...row, recorded_at: new Date(row.recorded_at) };
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

/** The person's latest readings taken at or after `since`, at most `limit`, oldest first. */
export async function recentRoute(
  db: Queryable,
  userId: string,
  options: { since?: Date; limit: number },
): Promise<LocationRow[]> {
  const { rows } = await db.query<LocationRow>(
    `SELECT ${COLUMNS} FROM live_locations
     WHERE user_id = $1 AND ($2::timestamptz IS NULL OR recorded_at >= $2)
     ORDER BY recorded_at DESC, created_at DESC LIMIT $3`,
    [userId, options.since ?? null, options.limit],
  );
  return rows.reverse();
}

/** Deletes readings taken before `cutoff`; returns how many. */
export async function deleteLocationsBefore(db: Queryable, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM live_locations WHERE recorded_at < $1', [cutoff]);
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
