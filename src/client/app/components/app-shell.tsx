import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { BottomNav } from '../../features/dashboard/components/bottom-nav';
import { WardAlertBanners } from '../../features/guardians/components/ward-alert-banners';
import { paths } from '../../lib/paths';
import { ActiveAlertGate } from './active-alert-gate';

/**
 * The dashboard and the tab pages; the bottom navigation is for signed-in people only. A ward's new alert shows
 * as a red banner on top of whichever of these screens the guardian is on. The person's own active alert
 * replaces the screen (and the navigation) with the active-alert screen until they say they are safe.
 */
export function AppShell() {
  const session = useSession();
  const { pathname } = useLocation();
  return (
    <>
      {session ? (
        <WardAlertBanners
          userId={session.user.id}
          guardianViewPath={pathname === paths.guardianView ? undefined : paths.guardianView}
        />
      ) : null}
      {session ? (
        <ActiveAlertGate userId={session.user.id}>
          <Outlet />
          <BottomNav />
        </ActiveAlertGate>
      ) : (
        <Outlet />
      )}
    </>
  );
}
