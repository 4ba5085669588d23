import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { UnsentAlertContext, type UnsentAlert } from '../hooks/unsent-alert-context';

/**
 * Holds the person's unsent SOS for the whole app: one refused on /sos is still said on the dashboard, and a
 * queued alert refused on replay is said wherever the person is. In memory and per person: it is about this
 * moment, and another person signing in on the device never sees it.
 */
export function UnsentAlertProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [held, setHeld] = useState<{ ownerId: string; alert: UnsentAlert } | null>(null);
  const markUnsent = useCallback(
    (alert: UnsentAlert) => {
      if (userId) setHeld({ ownerId: userId, alert });
    },
    [userId],
  );
  const dismiss = useCallback(() => setHeld(null), []);
  const unsent = held?.ownerId === userId ? held.alert : null;
  const value = useMemo(() => ({ unsent, markUnsent, dismiss }), [unsent, markUnsent, dismiss]);
  return <UnsentAlertContext.Provider value={value}>{children}</UnsentAlertContext.Provider>;
}
