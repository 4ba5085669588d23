import { useEffect, useMemo, type ReactNode } from 'react';
import { useWardAlerts } from '../api/get-ward-alerts';
import { WardActivityContext } from '../hooks/ward-activity-context';
import { createWardActivityStore, type WardActivityStore } from '../stores/ward-activity-store';

/** One store per signed-in person (`userId`), so switching accounts switches what is shown. */
export function WardActivityProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const store = useMemo(() => (userId ? createWardActivityStore(userId) : null), [userId]);
  return (
    <WardActivityContext.Provider value={store}>
      {store ? <WardAlertsLoader userId={userId} store={store} /> : null}
      {children}
    </WardActivityContext.Provider>
  );
}

/**
 * Fills the store from the server: a guardian who opens Beacon from a push notification, or in a new window,
 * sees the alert that brought them there, with each text's status, not only what arrives live from now on.
 */
function WardAlertsLoader({ userId, store }: { userId: string | null; store: WardActivityStore }) {
  const { data } = useWardAlerts(userId);
  useEffect(() => {
    if (data) store.alertsLoaded(data);
  }, [data, store]);
  return null;
}
