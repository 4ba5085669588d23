import { JourneyHeartbeatResponseSchema, type JourneyHeartbeatRequest } from '#shared/schemas/journey';
import { apiRequest } from '../../../lib/api-client';

/** Tells the server the phone is alive during a journey (its silence warning counts from the last one). */
export async function postJourneyHeartbeat(request: JourneyHeartbeatRequest): Promise<number> {
  const { journeys } = await apiRequest('/api/journeys/heartbeat', {
    method: 'POST',
    body: request,
    schema: JourneyHeartbeatResponseSchema,
  });
  return journeys;
}
