import { LOCATION_LIMITS } from '#shared/constants';
import type {
  LatestLocationResponse,
  LocationIngestResponse,
  LocationRouteResponse,
  ParsedLocationReading,
} from '#shared/schemas/location';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Database } from '../../db/database';
import { notSignedIn, type AuthContext, type UnconfirmedCaller } from '../../http/access';
import type { RealtimePublisher } from '../../realtime/publisher';
import { asPosition } from './positions';
import type { ReadingsListener, SharingPort } from './ports';
import * as repo from './repository';

export type LocationService = {
  /**
   * Stores the caller's readings when their location sharing is on, and tells their active guardians; refuses
   * (401, nothing stored) a session that is no longer signed in, in the same statement as the insert.
   */
  ingest(auth: UnconfirmedCaller, readings: ParsedLocationReading[]): Promise<LocationIngestResponse>;
  /**
   * The latest position of the caller, or of one of their active wards (`userId`). Anyone else's (a stranger, a
   * pending, rejected or former guardian) answers 404, as a person who does not exist.
   */
  latest(auth: AuthContext, userId: string | undefined): Promise<LatestLocationResponse>;
  /** The recent route of the caller or of an active ward, oldest first. */
  route(auth: AuthContext, userId: string | undefined): Promise<LocationRouteResponse>;
};

export function createLocationService(deps: {
  db: Database;
  clock: Clock;
  access: AccessPolicy;
  publisher: RealtimePublisher;
  profiles: SharingPort;
  onReceived?: ReadingsListener;
  log?: { warn(object: unknown, message: string): void };
}): LocationService {
  const { db, clock, access, publisher } = deps;
  const isSharingLocation = (userId: string): Promise<boolean> => deps.profiles.isSharingLocation(db, userId);

  /** Others see a person's positions only while that person shares their location; the person always does. */
  const visible = async (auth: AuthContext, target: string): Promise<boolean> =>
    target === auth.userId || isSharingLocation(target);

  return {
    async ingest(auth, readings) {
      const { ownerId } = await access.require(auth, 'manage', { ownerId: auth.userId });
      const now = clock.now();
      const taken = readings.map((reading) => toNewLocation(reading, now));
      // One round trip: the session and sharing checks, the stays, the skip of readings already stored.
      const { live, sharing, stored, extended, checked } = await repo.insertNewLocations(
        db,
        { userId: ownerId, sessionId: auth.sessionId },
        taken,
        now,
      );
      if (!live) throw notSignedIn();
      if (!sharing) return { stored: 0, checked: 0, sharing };
      // A reading that only confirmed a place still brought a battery level (a dying phone lying still).
      if (deps.onReceived) {
        const received = taken.map((reading) => asPosition(ownerId, reading));
        await deps.onReceived(ownerId, received).catch((error: unknown) => {
          deps.log?.warn({ err: error }, 'a listener of received positions failed');
        });
      }
      const places = extended ? [...stored, extended] : stored;
      if (places.length === 0) return { stored: 0, checked, sharing };
      const newest = places.reduce((a, b) => (b.recorded_at.getTime() >= a.recorded_at.getTime() ? b : a));
      // Not awaited: the upload is answered now; guardians' screens get the position (or its new check) later.
      void publisher.publish({
        type: 'location.updated',
        userId: ownerId,
        payload: repo.toLocation(newest),
      });
      return { stored: stored.length, checked, sharing };
    },

    async latest(auth, userId) {
      const { ownerId: target } = await access.require(auth, 'read', { ownerId: userId ?? auth.userId });
      const sharing = await isSharingLocation(target);
      if (!(await visible(auth, target))) return { user_id: target, sharing, location: null };
      const row = (await repo.latestLocations(db, [target])).get(target);
      return { user_id: target, sharing, location: row ? repo.toLocation(row) : null };
    },

    async route(auth, userId) {
      const { ownerId: target } = await access.require(auth, 'read', { ownerId: userId ?? auth.userId });
      const sharing = await isSharingLocation(target);
      if (!(await visible(auth, target))) return { user_id: target, sharing, route: [] };
      const rows = await repo.recentRoute(db, target, { limit: LOCATION_LIMITS.routePoints });
      return { user_id: target, sharing, route: rows.map(repo.toRoutePoint) };
    },
  };
}

/**
 * A reading as stored. A missing timestamp means "now"; one in the future (a device clock running fast) is
 * capped at now, so it can neither outlive retention nor pose as the latest position for hours.
 */
function toNewLocation(reading: ParsedLocationReading, now: Date): repo.NewLocation {
  const taken = reading.timestamp ?? now;
  return {
    latitude: reading.latitude,
    longitude: reading.longitude,
    accuracy: reading.accuracy ?? null,
    speed: reading.speed ?? null,
    heading: reading.heading ?? null,
    altitude: reading.altitude ?? null,
    address: reading.address ?? null,
    battery_level: reading.battery ?? null,
    network_online: reading.online ?? null,
    recorded_at: taken.getTime() > now.getTime() ? now : taken,
  };
}
