import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSession } from '../../features/auth/hooks/use-session';
import { NotificationsProvider } from '../../features/notifications/components/notifications-provider';

/**
 * Ties per-person state to the signed-in person: their notification list, and a server cache that is emptied
 * when they sign out or another person signs in, so nothing of theirs lingers on a shared device.
 */
export function SessionScope({ children }: { children: ReactNode }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const userId = session?.user.id ?? null;
  const previousUserId = useRef(userId);

  useEffect(() => {
    if (previousUserId.current === userId) return;
    previousUserId.current = userId;
    // The health check is not personal; keeping it avoids a loading flash on sign-out.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'health' });
  }, [userId, queryClient]);

  return <NotificationsProvider userId={userId}>{children}</NotificationsProvider>;
}
