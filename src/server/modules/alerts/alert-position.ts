/**
 * The position an SOS carries (docs/PRODUCT.md, "Last known location in an SOS"). The phone's own when it sent
 * one. Otherwise (no permission yet, no fix in time) the newest position the server holds for the person, if they
 * share their location: any position beats none for someone looking for them, so it is used however old it is
 * (the retention job, LOCATION_RETENTION_HOURS, bounds that) and the text states its age.
 */
import type { AlertSmsInput } from '#shared/alert-sms-text';
import type { Queryable } from '../../db/database';
import type { PositionsPort, ProfilesPort } from './ports';
import type { AlertRow, NewAlert } from './repository';

export type AlertPosition = Pick<
  NewAlert,
  | 'location_lat'
  | 'location_lng'
  | 'location_accuracy'
  | 'location_address'
  | 'location_source'
  | 'location_recorded_at'
>;

type PhonePosition = {
  latitude: number;
  longitude: number;
  accuracy?: number | null;
  address?: string | null;
} | null;

const NO_POSITION: AlertPosition = {
  location_lat: null,
  location_lng: null,
  location_accuracy: null,
  location_address: null,
  location_source: null,
  location_recorded_at: null,
};

export async function alertPosition(
  tx: Queryable,
  ports: { profiles: ProfilesPort; positions: PositionsPort },
  userId: string,
  phone: PhonePosition | undefined,
): Promise<AlertPosition> {
  if (phone) {
    return {
      location_lat: phone.latitude,
      location_lng: phone.longitude,
      location_accuracy: phone.accuracy ?? null,
      location_address: phone.address ?? null,
      location_source: 'phone',
      location_recorded_at: null,
    };
  }
  // Positions are stored only while the person shares their location; once they switch it off, what is left
  // from before is not handed to anyone, their own contacts included.
  if (!(await ports.profiles.findSosPreferences(tx, userId)).sharesLocation) return NO_POSITION;
  const last = (await ports.positions.latestPositions(tx, [userId])).get(userId);
  if (!last) return NO_POSITION;
  return {
    location_lat: last.latitude,
    location_lng: last.longitude,
    location_accuracy: last.accuracy,
    location_address: last.address,
    location_source: 'last_known',
    // When the phone was last found there (a phone lying still keeps confirming its place), not when it arrived.
    location_recorded_at: new Date(last.checked_at ?? last.recorded_at),
  };
}

/** The alert's position as its text states it. */
export function smsLocation(alert: AlertRow): AlertSmsInput['location'] {
  if (alert.location_lat === null || alert.location_lng === null) return null;
  return {
    latitude: alert.location_lat,
    longitude: alert.location_lng,
    accuracy: alert.location_accuracy,
    address: alert.location_address,
    lastKnownAt: alert.location_source === 'last_known' ? alert.location_recorded_at : null,
  };
}
