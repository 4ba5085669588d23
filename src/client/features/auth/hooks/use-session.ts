import { useSyncExternalStore } from 'react';
import type { AuthSession } from '#shared/schemas/auth-session';
import { getSession, subscribeSession } from '../../../lib/session-store';

/** The current session (null when signed out); re-renders on sign-in, sign-out, refresh and other tabs. */
export function useSession(): AuthSession | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
