import { LocationIngestResponseSchema, type LocationIngestRequest } from '#shared/schemas/location';
import { apiRequest } from '../../../lib/api-client';
import type { OutgoingReading, PostOutcome } from '../utils/location-sender';

/** POST /api/locations with a batch (one reading or a queue flushed after being offline). */
export async function postLocations(readings: OutgoingReading[]): Promise<PostOutcome> {
  const body: LocationIngestRequest = { readings };
  const { sharing } = await apiRequest('/api/locations', {
    method: 'POST',
    body,
    schema: LocationIngestResponseSchema,
  });
  return sharing ? 'stored' : 'sharing_off';
}
