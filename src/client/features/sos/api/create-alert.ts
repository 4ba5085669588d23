import {
  AlertDetailSchema,
  IDEMPOTENCY_KEY_HEADER,
  type AlertDetail,
  type CreateAlertRequest,
} from '#shared/schemas/alert';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * POST /api/alerts. `idempotencyKey` is made once per SOS and sent with every retry of it, so the server raises
 * one alert and texts each contact once however often the phone retries. With `timeoutMs`, a server that has not
 * answered by then is given up on (the request is aborted, a failure worth retrying).
 */
export async function createAlert(
  request: CreateAlertRequest,
  idempotencyKey: string,
  timeoutMs?: number,
): Promise<AlertDetail> {
  const controller = new AbortController();
  const timer = timeoutMs === undefined ? undefined : window.setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await apiRequest('/api/alerts', {
      method: 'POST',
      body: request,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      schema: AlertDetailSchema,
      signal: controller.signal,
    });
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * Worth trying again later (and, right now, worth falling back to the messaging app): no connection, the server
 * in trouble or busy, or a session that needs signing in again. Any other refusal will not change on a retry.
 */
export function isRetryableAlertError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 429 || error.status === 401;
}
