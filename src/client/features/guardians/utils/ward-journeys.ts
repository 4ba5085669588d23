import type { CheckIn, EscortSession, JourneyWarning, WardJourneysResponse } from '#shared/schemas/journey';

/** One ward's part of GET /api/wards/journeys: their newest escort and check-in, and the warnings for those. */
export type WardJourneys = {
  escort: EscortSession | null;
  checkin: CheckIn | null;
  /** Newest first. */
  warnings: JourneyWarning[];
};

export const NO_WARD_JOURNEYS: WardJourneys = { escort: null, checkin: null, warnings: [] };

const newest = <T extends { started_at: string }>(items: T[]): T | null =>
  items.reduce<T | null>((best, item) => (!best || item.started_at > best.started_at ? item : best), null);

/**
 * Picks the ward's journeys out of the answer. Finished ones are not listed by the server (completed escorts,
 * stopped check-ins); expired and missed ones stay, since they are why an alert went out. A warning shows only
 * while its journey is listed.
 */
export function wardJourneysOf(response: WardJourneysResponse | undefined, wardId: string): WardJourneys {
  if (!response) return NO_WARD_JOURNEYS;
  const escort = newest(
    response.escorts.filter((item) => item.user_id === wardId && item.status !== 'completed'),
  );
  const checkin = newest(
    response.checkins.filter((item) => item.user_id === wardId && item.status !== 'stopped'),
  );
  const journeyIds = new Set([escort?.id, checkin?.id].filter(Boolean));
  const warnings = response.warnings
    .filter((warning) => warning.user_id === wardId && journeyIds.has(warning.journey_id))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { escort, checkin, warnings };
}
