import { SOS } from '#shared/constants';
import {
  AlertDetailSchema,
  IDEMPOTENCY_KEY_HEADER,
  type AlertDetail,
  type CreateAlertRequest,
} from '#shared/schemas/alert';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/session-store';

/**
 * Gets a new access token after the server refused `staleAccessToken` with 401: resolves with it, or null when
 * the session cannot be renewed (the refresh token was refused too); rejects when no refresh could be made.
 */
export type SessionRenewer = (staleAccessToken: string) => Promise<string | null>;

export type CreateAlertOptions = {
  /** Renews the session after a 401 so the alert can be sent once more. */
  renewSession?: SessionRenewer;
  /** Gives up on a server that has not answered by then (each send is aborted: a failure worth retrying). */
  timeoutMs?: number;
};

/**
 * POST /api/alerts. `idempotencyKey` is made once per SOS and sent with every retry of it, so the server raises
 * one alert and texts each contact once however often the phone retries.
 *
 * An SOS never waits on a session refresh before it goes: it is sent at once with the access token the phone
 * holds. Only when the server answers 401 (the token expired) is the session renewed with `renewSession`, and the
 * alert sent once more with the new token. A renewal that fails, or takes longer than
 * `SOS.sessionRenewalTimeoutMs`, rejects with the 401, which callers treat as retryable: the alert is queued in
 * the device outbox, never dropped. The 401 itself does not sign the person out (see `signOutOn401`).
 */
export async function createAlert(
  request: CreateAlertRequest,
  idempotencyKey: string,
  { renewSession, timeoutMs }: CreateAlertOptions = {},
): Promise<AlertDetail> {
  const token = getSession()?.access_token;
  try {
    return await sendAlert(request, idempotencyKey, timeoutMs);
  } catch (error) {
    if (!renewSession || !token || !(error instanceof ApiError) || error.status !== 401) throw error;
    // A renewal that fails or has not finished in time counts as no new token.
    const tooLate = new Promise<null>((resolve) => setTimeout(resolve, SOS.sessionRenewalTimeoutMs, null));
    const renewed = await Promise.race([renewSession(token).catch(() => null), tooLate]);
    if (!renewed) throw error;
    return sendAlert(request, idempotencyKey, timeoutMs);
  }
}

async function sendAlert(
  request: CreateAlertRequest,
  idempotencyKey: string,
  timeoutMs: number | undefined,
): Promise<AlertDetail> {
  const controller = new AbortController();
  const timer = timeoutMs === undefined ? undefined : window.setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await apiRequest('/api/alerts', {
      method: 'POST',
      body: request,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      schema: AlertDetailSchema,
      signOutOn401: false,
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

/**
 * A failed send that says the server itself is out of reach (no answer, the time-out, or a 5xx), as opposed to a
 * server that answered "not now" (429) or "sign in again" (401): evidence for the phone's server status.
 */
export function meansServerUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}
