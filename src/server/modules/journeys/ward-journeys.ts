/**
 * GET /api/wards/journeys: what a guardian window opened late needs to show its wards' journeys. The open
 * escorts and check-ins of everyone the caller actively guards (modules/guardians/authorization.ts, the one
 * access rule), those that expired or were missed in the last WARD_ACTIVITY.retentionHours (never from before
 * the guardian was approved), and the warnings guardians were sent about them (written by
 * modules/journey-watch).
 */
import { WARD_ACTIVITY } from '#shared/constants';
import { LocationSchema } from '#shared/schemas/location';
import type { JourneyWarning, WardJourneysResponse } from '#shared/schemas/journey';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { activeWards } from '../guardians/authorization';
import { listWardCheckIns, toCheckIn } from './checkin-repository';
import { listWardEscorts, toEscortSession } from './escort-repository';

type WarningRow = {
  kind: JourneyWarning['kind'];
  journey: JourneyWarning['journey'];
  journey_id: string;
  user_id: string;
  last_signal_at: Date;
  battery: number | null;
  location: unknown;
  created_at: Date;
};

export async function listWardJourneys(
  db: Queryable,
  clock: Clock,
  auth: AuthContext,
): Promise<WardJourneysResponse> {
  const lookBack = new Date(clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
  const wards = (await activeWards(db, auth.userId)).map((ward) => ({
    wardId: ward.wardId,
    since: ward.activatedAt > lookBack ? ward.activatedAt : lookBack,
  }));
  const [escorts, checkins, warnings] = [
    await listWardEscorts(db, wards),
    await listWardCheckIns(db, wards),
    await listWarnings(db, wards),
  ];
  return {
    escorts: escorts.map(toEscortSession),
    checkins: checkins.map(toCheckIn),
    warnings: warnings.map(toWarning),
  };
}

async function listWarnings(
  db: Queryable,
  wards: ReadonlyArray<{ wardId: string; since: Date }>,
): Promise<WarningRow[]> {
  if (wards.length === 0) return [];
  const { rows } = await db.query<WarningRow>(
    `SELECT j.kind, j.journey, j.journey_id, j.user_id, j.last_signal_at, j.battery, j.location, j.created_at
     FROM journey_warnings j
     JOIN jsonb_to_recordset($1::jsonb) AS w(ward_id uuid, since timestamptz) ON w.ward_id = j.user_id
     WHERE j.created_at >= w.since
     ORDER BY j.created_at DESC`,
    [JSON.stringify(wards.map((w) => ({ ward_id: w.wardId, since: w.since.toISOString() })))],
  );
  return rows;
}

function toWarning(row: WarningRow): JourneyWarning {
  // The position is stored as the realtime event carried it; anything that no longer parses is shown as none.
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
