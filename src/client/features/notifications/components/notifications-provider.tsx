import { useMemo, type ReactNode } from 'react';
import { NotificationsContext } from '../hooks/notifications-context';
import { createNotificationsStore } from '../stores/notifications-store';

/** One store per signed-in person (`userId`), so switching accounts switches lists. */
export function NotificationsProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const store = useMemo(() => (userId ? createNotificationsStore(userId) : null), [userId]);
  return <NotificationsContext.Provider value={store}>{children}</NotificationsContext.Provider>;
}
