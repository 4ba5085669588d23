import { Navigate, Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { LoginCard } from '../../features/auth/components/login-card';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { paths } from '../../lib/paths';
import { RequiredSessionContext } from '../hooks/use-required-session';
import { CenteredPage } from './centered-page';

type RequireSessionProps = {
  /** What a signed-out visitor gets: the login card in place of the screen (default), or a redirect to '/'. */
  whenSignedOut?: 'login' | 'redirect-home';
};

/**
 * The layout route of every screen that needs an account: the loading overlay while the stored session is
 * checked, then the login card (or '/') when signed out, else the screen, which reads the person with
 * useRequiredSession().
 */
export function RequireSession({ whenSignedOut = 'login' }: RequireSessionProps) {
  const status = useAuthStatus();
  const session = useSession();
  if (status === 'checking') return <LoadingOverlay />;
  if (!session) {
    if (whenSignedOut === 'redirect-home') return <Navigate to={paths.home} replace />;
    return (
      <CenteredPage>
        <LoginCard logo={<Logo size="md" />} />
      </CenteredPage>
    );
  }
  return (
    <RequiredSessionContext.Provider value={session}>
      <Outlet />
    </RequiredSessionContext.Provider>
  );
}
