import { STORAGE_KEYS } from '#shared/constants';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth-session';
import { createPersistentStore } from './persistent-store';

/**
 * The signed-in session, persisted in local storage and shared by the API client and the auth
 * feature. It lives in lib/ because the API client must attach the token and drop the session on a 401.
 * See docs/PRODUCT.md#data-kept-on-the-device.
 *
 * Storage is the source of truth (another tab may rotate or clear it); a corrupt value reads as signed out.
 */
const sessionStore = createPersistentStore<AuthSession | null>({
  key: STORAGE_KEYS.session,
  schema: AuthSessionSchema.nullable(),
  fallback: null,
});

export function getSession(): AuthSession | null {
  return sessionStore.get();
}

export function setSession(session: AuthSession): void {
  sessionStore.set(session);
}

/** Forgets the session locally. Safe to call when nobody is signed in. */
export function clearSession(): void {
  sessionStore.clear();
}

/** Seconds until the access token expires (negative once expired). `expires_at` is in unix seconds. */
export function secondsUntilExpiry(session: AuthSession, nowMs: number = Date.now()): number {
  return session.expires_at - nowMs / 1000;
}

/** Called when this tab or another signs in, out, or rotates the tokens. */
export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}
