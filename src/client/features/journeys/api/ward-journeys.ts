import { WardJourneysResponseSchema, type WardJourneysResponse } from '#shared/schemas/journey';
import { apiRequest } from '../../../lib/api-client';

/** The open escorts and check-ins of the people the caller guards, and the warnings sent for them. */
export function getWardJourneys(signal?: AbortSignal): Promise<WardJourneysResponse> {
  return apiRequest('/api/wards/journeys', { schema: WardJourneysResponseSchema, signal });
}
