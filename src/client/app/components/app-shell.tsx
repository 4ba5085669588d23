import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { BottomNav } from '../../features/dashboard/components/bottom-nav';
import { SideNav } from '../../features/dashboard/components/side-nav';
import { WardAlertBanners } from '../../features/guardians/components/ward-alert-banners';
import { paths } from '../../lib/paths';
import { SkipToSosLink } from './skip-to-sos-link';

/**
 * The dashboard and the tab pages. Signed-in people get "Skip to SOS" first, then the navigation: bottom tabs on
 * narrow screens, a side column from 768 px (docs/PRODUCT.md#navigation). A ward's new alert shows as a red
 * banner on top of whichever of these screens the guardian is on.
 */
export function AppShell() {
  const session = useSession();
  const { pathname } = useLocation();
  // One tree shape signed in or out, so signing in does not remount the screen.
  return (
    <>
      {session ? <SkipToSosLink /> : null}
      {session ? <SideNav /> : null}
      <div className={session ? 'md:pl-60' : undefined}>
        {session ? (
          <WardAlertBanners
            userId={session.user.id}
            guardianViewPath={pathname === paths.guardianView ? undefined : paths.guardianView}
          />
        ) : null}
        <Outlet />
      </div>
      {session ? <BottomNav /> : null}
    </>
  );
}
