import { useMemo, type ReactNode } from 'react';
import { useWardAlerts } from '../api/get-ward-alerts';
import { WardActivityContext } from '../hooks/ward-activity-context';
import { createWardActivityStore } from '../stores/ward-activity-store';

/** One store per signed-in person (`userId`), so switching accounts switches what is shown. */
export function WardActivityProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const store = useMemo(() => (userId ? createWardActivityStore(userId) : null), [userId]);
  return (
    <WardActivityContext.Provider value={store}>
      {userId ? <WardAlertsLoader userId={userId} /> : null}
      {children}
    </WardActivityContext.Provider>
  );
}

/**
 * Keeps the ward-alerts query loaded and observed while someone is signed in: a guardian who opens Beacon from a
 * push notification, or in a new window, sees the alert that brought them there on whichever screen they land,
 * and the alerts that realtime events add stay in the cache.
 */
function WardAlertsLoader({ userId }: { userId: string }) {
  useWardAlerts(userId);
  return null;
}
