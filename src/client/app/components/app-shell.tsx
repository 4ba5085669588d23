import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { BottomNav } from '../../features/dashboard/components/bottom-nav';
import { WardAlertBanners } from '../../features/guardians/components/ward-alert-banners';
import { useWardJourneys } from '../../features/journeys/hooks/use-ward-journeys';
import { paths } from '../../lib/paths';
import { ActiveAlertGate } from './active-alert-gate';
import { SkipToSosLink } from './skip-to-sos-link';
import { lazyAfterFirstPaint } from '../../lib/first-paint';

// Shown from 768 px only: a phone's first screen does without its code and icons (it shares them with the menu).
const SideNav = lazyAfterFirstPaint(
  'standby',
  async () => (await import('../../features/dashboard/components/side-nav')).SideNav,
);
// AI Protection's detectors load on demand, beside the first screen rather than in its download.
const ProtectionHost = lazyAfterFirstPaint(
  'standby',
  async () => (await import('./protection-host')).ProtectionHost,
);
// Fake Call's scheduler and call screens, likewise: a scheduled call rings on whichever screen the person is.
const FakeCallHost = lazyAfterFirstPaint(
  'standby',
  async () => (await import('../../features/fake-call/components/fake-call-host')).FakeCallHost,
);

/**
 * The dashboard and the tab pages. Signed-in people get "Skip to SOS" first, then the navigation: bottom tabs on
 * narrow screens, a side column from 768 px (docs/PRODUCT.md#navigation). A ward's new alert shows as a red
 * banner on top of whichever of these screens the guardian is on, and a ward's journey warning below it. The person's own active alert replaces the
 * screen and the navigation with the active-alert screen until they say they are safe; ward banners stay above it.
 * AI Protection runs for the signed-in person on every screen of the shell, and so does a scheduled fake call.
 */
export function AppShell() {
  const session = useSession();
  const { pathname } = useLocation();
  // The wards' journeys, for their warnings' banners (reloaded by the realtime events about them).
  const journeys = useWardJourneys(session?.user.id);
  const banners = session ? (
    <WardAlertBanners
      userId={session.user.id}
      guardianViewPath={pathname === paths.guardianView ? undefined : paths.guardianView}
      journeys={journeys.data}
    />
  ) : null;
  return (
    <>
      {session ? (
        <ActiveAlertGate userId={session.user.id} aboveScreen={banners}>
          <SkipToSosLink />
          <Suspense fallback={null}>
            <SideNav />
          </Suspense>
          <div className="md:pl-60">
            {banners}
            <Outlet />
          </div>
          <BottomNav />
          {/* Shows nothing until a detection: no fallback is needed while it loads. */}
          <Suspense>
            <ProtectionHost session={session} />
          </Suspense>
          <Suspense>
            <FakeCallHost />
          </Suspense>
        </ActiveAlertGate>
      ) : (
        <Outlet />
      )}
    </>
  );
}
