import { STORAGE_KEYS } from '#shared/constants';
import { AuthSessionSchema, type AuthSession } from '#shared/schemas/auth';
import { readStorage, removeStorage, writeJson } from './storage';

/**
 * The signed-in session, persisted in local storage and shared by the API client and the auth
 * feature. It lives in lib/ because the API client must attach the token and drop the session on a 401.
 * See docs/PRODUCT.md#data-kept-on-the-device.
 *
 * Storage is the source of truth (another tab may rotate or clear it); the parsed value is cached per raw string
 * so `useSyncExternalStore` sees a stable snapshot.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let cachedRaw: string | null = null;
let cachedSession: AuthSession | null = null;

function parseSession(raw: string | null): AuthSession | null {
  if (raw === null) return null;
  try {
    const result = AuthSessionSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function getSession(): AuthSession | null {
  const raw = readStorage(STORAGE_KEYS.session);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parseSession(raw);
  }
  return cachedSession;
}

export function setSession(session: AuthSession): void {
  writeJson(STORAGE_KEYS.session, session);
  emit();
}

/** Forgets the session locally. Safe to call when nobody is signed in. */
export function clearSession(): void {
  if (readStorage(STORAGE_KEYS.session) === null) return;
  removeStorage(STORAGE_KEYS.session);
  emit();
}

/** Seconds until the access token expires (negative once expired). `expires_at` is in unix seconds. */
export function secondsUntilExpiry(session: AuthSession, nowMs: number = Date.now()): number {
  return session.expires_at - nowMs / 1000;
}

export function subscribeSession(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function emit(): void {
  for (const listener of [...listeners]) listener();
}

/** Another tab signed in, out, or rotated the tokens. `key` is null when that tab cleared all storage. */
function onStorage(event: StorageEvent): void {
  if (event.key === STORAGE_KEYS.session || event.key === null) emit();
}
