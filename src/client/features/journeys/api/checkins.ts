/** The check-in API (docs/PRODUCT.md#safety-check-in): the server keeps next_due_at and acts on it. */
import {
  ActiveCheckInResponseSchema,
  CheckInSchema,
  type CheckIn,
  type StartCheckInRequest,
} from '#shared/schemas/journey';
import { apiRequest } from '../../../lib/api-client';

const checkInPath = (id: string, action: string): string =>
  `/api/checkins/${encodeURIComponent(id)}/${action}`;

/** The person's active check-in, or their newest one that was missed (null: none). */
export async function getActiveCheckIn(signal?: AbortSignal): Promise<CheckIn | null> {
  const { checkin } = await apiRequest('/api/checkins/active', {
    schema: ActiveCheckInResponseSchema,
    signal,
  });
  return checkin;
}

export function startCheckIn(request: StartCheckInRequest): Promise<CheckIn> {
  return apiRequest('/api/checkins', { method: 'POST', body: request, schema: CheckInSchema });
}

/** Check-in Now: the next one is due a full interval from now. */
export function checkInNow(id: string): Promise<CheckIn> {
  return apiRequest(checkInPath(id, 'check-in'), { method: 'POST', schema: CheckInSchema });
}

/** Stop; once the check-in fell due, with the safety PIN when the person set one (400 naming `pin` without). */
export function stopCheckIn(id: string, pin?: string): Promise<CheckIn> {
  return apiRequest(checkInPath(id, 'stop'), {
    method: 'POST',
    schema: CheckInSchema,
    ...(pin === undefined ? {} : { body: { pin } }),
  });
}
