import { createContext, useContext } from 'react';

/** `checking` while the stored session is validated (and refreshed if stale) on start-up. */
export type AuthStatus = 'checking' | 'ready';

export const AuthStatusContext = createContext<AuthStatus>('ready');

export function useAuthStatus(): AuthStatus {
  return useContext(AuthStatusContext);
}
