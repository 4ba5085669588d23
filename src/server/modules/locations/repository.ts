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
 * The readings of a batch already stored for the person (same time taken, same position): a phone whose batch
 * reached the server but whose answer was lost (a reload, a dropped connection) sends the same batch again.
 */
export async function alreadyStored(
  db: Queryable,
  userId: string,
  readings: readonly NewLocation[],
): Promise<Set<NewLocation>> {
  const times = readings.map((reading) => reading.recorded_at.toISOString());
  const { rows } = await db.query<{ recorded_at: Date; latitude: number; longitude: number }>(
    `SELECT recorded_at, latitude, longitude FROM live_locations
     WHERE user_id = $1 AND recorded_at = ANY($2::timestamptz[])`,
    [userId, times],
  );
  const stored = new Set(rows.map((row) => `${row.recorded_at.getTime()}|${row.latitude}|${row.longitude}`));
  return new Set(
    readings.filter((reading) =>
      stored.has(`${reading.recorded_at.getTime()}|${reading.latitude}|${reading.longitude}`),
    ),
  );
}

/** Stores a batch in one statement (one round trip, all or nothing). */
export async function insertLocations(
  db: Queryable,
  userId: string,
  readings: readonly NewLocation[],
  now: Date,
): Promise<void> {
  const rows = readings.map((reading) => ({ ...reading, recorded_at: reading.recorded_at.toISOString() }));
  await db.query(
    `INSERT INTO live_locations (${COLUMNS}, created_at)
     SELECT $1, r.latitude, r.longitude, r.accuracy, r.speed, r.heading, r.altitude, r.address, r.battery_level,
            r.network_online, r.recorded_at, $3
     FROM jsonb_to_recordset($2::jsonb) AS r(latitude double precision, longitude double precision,
       accuracy double precision, speed double precision, heading double precision, altitude double precision,
       address text, battery_level smallint, network_online boolean, recorded_at timestamptz)`,
    [userId, JSON.stringify(rows), now],
  );
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
