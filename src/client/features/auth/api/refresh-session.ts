import { AUTH } from '#shared/constants';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { apiRequest, isClientError } from '../../../lib/api-client';
import { clearSession, getSession, secondsUntilExpiry, setSession } from '../../../lib/session-store';

/** Tabs of the same browser share one lock so only one of them spends a refresh token. */
const REFRESH_LOCK = 'beacon-session-refresh';

export function requestTokenRefresh(refreshToken: string): Promise<AuthSession> {
  return apiRequest('/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    body: { refresh_token: refreshToken },
    schema: AuthSessionSchema,
    auth: false,
  });
}

export function needsRefresh(session: AuthSession | null, nowMs: number = Date.now()): boolean {
  return session !== null && secondsUntilExpiry(session, nowMs) < AUTH.refreshLeewaySeconds;
}

/**
 * Refreshes the stored session when fewer than `AUTH.refreshLeewaySeconds` remain. Refresh tokens rotate and a
 * reused one revokes the whole session, so the check runs under a cross-tab lock and re-reads storage inside it:
 * a tab that waited finds the session another tab already refreshed and leaves it alone.
 *
 * The server refusing the token (4xx) signs the person out. A network failure or 5xx keeps the session so a
 * person in trouble is not logged out by a dead zone; the next check tries again.
 */
export function refreshSessionIfNeeded(): Promise<AuthSession | null> {
  inFlight ??= withLock(refreshUnderLock).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let inFlight: Promise<AuthSession | null> | null = null;

/** Forgets a refresh still under way. For the client tests, which share this module between files. */
export function resetSessionRefresh(): void {
  inFlight = null;
}

async function refreshUnderLock(): Promise<AuthSession | null> {
  const session = getSession();
  if (!session || !needsRefresh(session)) return session;
  try {
    const next = await requestTokenRefresh(session.refresh_token);
    setSession(next);
    return next;
  } catch (error) {
    if (isClientError(error) && getSession()?.refresh_token === session.refresh_token) clearSession();
    throw error;
  }
}

async function withLock<T>(task: () => Promise<T>): Promise<T> {
  if ('locks' in navigator && navigator.locks) return await navigator.locks.request(REFRESH_LOCK, task);
  return await task();
}

/**
 * A refresh forced by the server refusing `staleAccessToken` (the realtime socket's close 4401, an alert's 401),
 * whatever the token's expiry says. Under the same lock: when another tab already replaced that token, its
 * session is used. Resolves with the access token to use now, or null when the server refused the refresh token
 * too: then the person is signed out, unless `signOutWhenRefused` is false (an SOS first puts its alert in the
 * device outbox; the next ordinary request's 401 signs out). Rejects on network failures, so the caller can
 * retry later.
 */
export function refreshAfterRejection(
  staleAccessToken: string,
  { signOutWhenRefused = true }: { signOutWhenRefused?: boolean } = {},
): Promise<string | null> {
  return withLock(async () => {
    const session = getSession();
    if (!session) return null;
    if (session.access_token !== staleAccessToken) return session.access_token;
    try {
      const next = await requestTokenRefresh(session.refresh_token);
      setSession(next);
      return next.access_token;
    } catch (error) {
      if (!isClientError(error)) throw error;
      if (signOutWhenRefused && getSession()?.refresh_token === session.refresh_token) clearSession();
      return null;
    }
  });
}
