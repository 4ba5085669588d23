import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { useHealth } from '../../features/dashboard/api/get-health';
import { BackendUnavailable } from '../../features/dashboard/components/backend-unavailable';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { hasSeenOnboarding } from '../../features/onboarding/utils/onboarding-seen';
import { useDevice } from '../../lib/device/device-context';
import { paths } from '../../lib/paths';
import { CenteredPage } from './centered-page';

/**
 * What '/', '/auth' and '/contacts' check before <RequireSession>: a first visit goes to the splash, and the
 * backend message shows when the server does not answer. See docs/PRODUCT.md#dashboard.
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
  if (status === 'checking' || health.isPending) return <LoadingOverlay />;
  // Offline is not a server problem: an offline person still gets their dashboard (and, later, offline SOS).
  if (health.isError && network.isOnline()) {
    return (
      <CenteredPage>
        <BackendUnavailable onRetry={() => void health.refetch()} retrying={health.isFetching} />
      </CenteredPage>
    );
  }
  return <Outlet />;
}
