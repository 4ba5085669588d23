import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWardJourneys } from '../api/ward-journeys';
import { journeyKeys } from '../api/journey-keys';

/**
 * The open escorts and check-ins of everyone the viewer guards, with their warnings, from the server, so a window
 * opened late shows them too; realtime `escort.updated`, `checkin.updated` and `journey.warning` about a ward
 * reload it (app/realtime/apply-realtime-event.ts).
 */
export function wardJourneysQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: journeyKeys.wards(userId),
    queryFn: ({ signal }) => getWardJourneys(signal),
    enabled: Boolean(userId),
  });
}

export function useWardJourneys(userId: string | undefined) {
  return useQuery(wardJourneysQueryOptions(userId));
}
