/** The escort API (docs/PRODUCT.md#escort-mode): the server keeps the session and its deadline. */
import {
  ActiveEscortResponseSchema,
  EscortSessionSchema,
  type EscortRouteRequest,
  type EscortSession,
  type StartEscortRequest,
} from '#shared/schemas/journey';
import { apiRequest } from '../../../lib/api-client';

const escortPath = (id: string, action: string): string =>
  `/api/escort-sessions/${encodeURIComponent(id)}/${action}`;

/** The person's active escort, or their newest one that expired (null: none). */
export async function getActiveEscort(signal?: AbortSignal): Promise<EscortSession | null> {
  const { session } = await apiRequest('/api/escort-sessions/active', {
    schema: ActiveEscortResponseSchema,
    signal,
  });
  return session;
}

export function startEscort(request: StartEscortRequest): Promise<EscortSession> {
  return apiRequest('/api/escort-sessions', { method: 'POST', body: request, schema: EscortSessionSchema });
}

export function extendEscort(id: string, minutes: number): Promise<EscortSession> {
  return apiRequest(escortPath(id, 'extend'), {
    method: 'POST',
    body: { minutes },
    schema: EscortSessionSchema,
  });
}

/**
 * "I'm Safe - Stop Tracking" and "Cancel Escort Mode" both complete the session; after its deadline, with the
 * safety PIN when the person set one (the server answers 400 naming `pin` when it is asked and missing).
 */
export function completeEscort(id: string, pin?: string): Promise<EscortSession> {
  return apiRequest(escortPath(id, 'complete'), {
    method: 'POST',
    schema: EscortSessionSchema,
    ...(pin === undefined ? {} : { body: { pin } }),
  });
}

export function appendEscortRoute(id: string, request: EscortRouteRequest): Promise<EscortSession> {
  return apiRequest(escortPath(id, 'route'), { method: 'POST', body: request, schema: EscortSessionSchema });
}
