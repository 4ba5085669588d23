import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { useActiveAlerts } from '../../features/sos/api/get-active-alerts';
import { useLocationSharingState } from '../hooks/use-location-sharing-state';

/**
 * Downloaded when first needed, like a lazy route (the service worker precaches it, so it opens offline too): it
 * keeps the first download within its budget.
 */
const ActiveAlertScreen = lazy(async () => ({
  default: (await import('./active-alert-view')).ActiveAlertView,
}));

/**
 * While the person has an active alert, the active-alert screen stands in for whichever screen of the app shell
 * they are on, on every device they are signed in on, until they say they are safe. It comes back after a
 * reload (GET /api/alerts?status=active) and opens on another device with the realtime `alert.created`.
 */
export function ActiveAlertGate({
  userId,
  aboveScreen,
  children,
}: {
  userId: string;
  /** Shown above the active-alert screen too (the banners of wards' alerts). */
  aboveScreen?: ReactNode;
  children: ReactNode;
}) {
  const active = useActiveAlerts(userId).data ?? [];
  const sharing = useLocationSharingState(userId);
  const fullName = useQuery(profileQueryOptions(userId)).data?.full_name || null;
  const newest = active[0];
  if (!newest) return children;
  return (
    <>
      {aboveScreen}
      <Suspense
        fallback={
          <div className="flex min-h-dvh items-center justify-center">
            <Spinner className="size-8" />
          </div>
        }
      >
        <ActiveAlertScreen
          userId={userId}
          detail={newest}
          otherActive={active.length - 1}
          sharing={sharing}
          fullName={fullName}
        />
      </Suspense>
    </>
  );
}
