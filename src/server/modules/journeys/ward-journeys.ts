/**
 * GET /api/wards/journeys: what a guardian window opened late needs to show its wards' journeys. The open
 * escorts and check-ins of everyone the caller may watch (access/policy.ts: their active wards), those that
 * expired or were missed in the last WARD_ACTIVITY.retentionHours (never from before the guardian was
 * approved), and the warnings guardians were sent about them (written by modules/journey-watch).
 */
import { WARD_ACTIVITY } from '#shared/constants';
import type { WardJourneysResponse } from '#shared/schemas/journey';
import type { AccessPolicy } from '../../access/policy';
import type { Clock } from '../../adapters/clock';
import type { Queryable } from '../../db/database';
import type { AuthContext } from '../../http/access';
import { listWardCheckIns, toCheckIn } from './checkin-repository';
import { listWardEscorts, toEscortSession } from './escort-repository';
import type { JourneyWarningsPort } from './ports';

export async function listWardJourneys(
  deps: { db: Queryable; clock: Clock; access: AccessPolicy; journeyWarnings: JourneyWarningsPort },
  auth: AuthContext,
): Promise<WardJourneysResponse> {
  const { db, clock, access } = deps;
  const watched = await access.watched(auth);
  const lookBack = new Date(clock.now().getTime() - WARD_ACTIVITY.retentionHours * 3_600_000);
  const wards = watched.map((ward) => ({
    wardId: ward.wardId,
    since: ward.activatedAt > lookBack ? ward.activatedAt : lookBack,
  }));
  const [escorts, checkins, warnings] = [
    await listWardEscorts(db, wards),
    await listWardCheckIns(db, wards),
    await deps.journeyWarnings.warningsOfWards(db, wards),
  ];
  return {
    escorts: escorts.map(toEscortSession),
    checkins: checkins.map(toCheckIn),
    warnings,
  };
}
