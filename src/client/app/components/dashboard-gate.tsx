import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { useHealth } from '../../features/dashboard/api/get-health';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { hasSeenOnboarding } from '../../features/onboarding/utils/onboarding-seen';
import { useDevice } from '../../lib/device/device-context';
import { paths } from '../../lib/paths';
import { CenteredPage } from './centered-page';
import { ServerStatusNotice } from './server-status-notice';

/** Shown only to a signed-out visitor while the server fails: downloaded then (bundle budget). */
const BackendUnavailable = lazy(async () => ({
  default: (await import('../../features/dashboard/components/backend-unavailable')).BackendUnavailable,
}));

/**
 * What '/', '/auth' and '/contacts' check before <RequireSession>: a first visit goes to the splash. A signed-in
 * person gets the dashboard at once, whatever the server does: the SOS must never wait for, or be hidden by, a
 * failing server; a notice above it says so. A signed-out visitor, who cannot sign in without the server, gets
 * the backend message instead. See docs/PRODUCT.md#dashboard.
 */
export function DashboardGate() {
  const status = useAuthStatus();
  const session = useSession();
  const health = useHealth();
  const { network } = useDevice();
  const { pathname } = useLocation();

  // First visit: splash → onboarding → sign-in, once.
  if (!session && pathname === paths.home && !hasSeenOnboarding()) {
    return <Navigate to={paths.splash} replace />;
  }
  if (session) {
    return (
      <>
        <ServerStatusNotice className="mx-auto w-full max-w-lg px-4 pt-4" />
        <Outlet />
      </>
    );
  }
  // Signed out by a refused renewal: the overlay until it has finished.
  if (status === 'checking' || health.isPending) return <LoadingOverlay />;
  // Offline is not a server problem: the login card shows, and says what fails when it is used.
  if (health.isError && network.isOnline()) {
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <CenteredPage>
          <BackendUnavailable onRetry={() => void health.refetch()} retrying={health.isFetching} />
        </CenteredPage>
      </Suspense>
    );
  }
  return <Outlet />;
}
