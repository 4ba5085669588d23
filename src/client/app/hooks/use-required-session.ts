import { createContext, useContext } from 'react';
import type { AuthSession } from '#shared/schemas/auth-session';

/** The signed-in person, provided by <RequireSession> to the routes under it. */
export const RequiredSessionContext = createContext<AuthSession | null>(null);

/** The signed-in person of a screen under <RequireSession>: never null there, so screens need no check of their own. */
export function useRequiredSession(): AuthSession {
  const session = useContext(RequiredSessionContext);
  if (!session) throw new Error('useRequiredSession() is only for routes under <RequireSession>');
  return session;
}
