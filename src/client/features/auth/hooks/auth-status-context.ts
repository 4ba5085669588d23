import { createContext, useContext } from 'react';

/**
 * `checking` while a stale stored session is renewed on start-up. Screens show from the stored session meanwhile;
 * requests wait for the renewal (lib/api-client.ts, holdRequestsUntil).
 */
export type AuthStatus = 'checking' | 'ready';

export const AuthStatusContext = createContext<AuthStatus>('ready');

export function useAuthStatus(): AuthStatus {
  return useContext(AuthStatusContext);
}
