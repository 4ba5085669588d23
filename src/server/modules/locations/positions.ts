import type { Location, RoutePoint } from '#shared/schemas/location';
import type { Queryable } from '../../db/database';
import { latestLocations, recentRoute, toLocation, toRoutePoint, type NewLocation } from './repository';

/** The newest position of each given person, as the API shows it (people without one are absent). */
export async function latestPositions(
  db: Queryable,
  userIds: readonly string[],
): Promise<Map<string, Location>> {
  const rows = await latestLocations(db, userIds);
  return new Map([...rows].map(([userId, row]) => [userId, toLocation(row)]));
}

/** The person's route from `since` on (the whole kept route without it), at most `limit` points, oldest first. */
export async function recentRoutePoints(
  db: Queryable,
  userId: string,
  options: { since?: Date; limit: number },
): Promise<RoutePoint[]> {
  return (await recentRoute(db, userId, options)).map(toRoutePoint);
}

/** A reading just taken, as the API shows a position (found at its place when it was taken). */
export function asPosition(userId: string, reading: NewLocation): Location {
  return toLocation({ ...reading, user_id: userId, checked_at: reading.recorded_at });
}
