import { useMemo, type ReactNode } from 'react';
import { WardActivityContext } from '../hooks/ward-activity-context';
import { createWardActivityStore } from '../stores/ward-activity-store';

/** One store per signed-in person (`userId`), so switching accounts switches what is shown. */
export function WardActivityProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const store = useMemo(() => (userId ? createWardActivityStore(userId) : null), [userId]);
  return <WardActivityContext.Provider value={store}>{children}</WardActivityContext.Provider>;
}
