import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { accountDeletedHere } from '../../lib/account-deleted-here';
import { AUTH_MODE_PARAM, paths } from '../../lib/paths';
import { RequiredSessionContext } from '../hooks/use-required-session';
import { CenteredPage } from './centered-page';
import type { AccountDeletedState } from '../routes/account-deleted';
import { FIRST_RUN_STATE } from './first-run';

/**
 * A signed-in person (the one who raises an SOS) never needs the sign-in form, so it is downloaded only when it is
 * shown (bundle budget, docs/PERFORMANCE.md).
 */
const LoginCard = lazy(async () => ({
  default: (await import('../../features/auth/components/login-card')).LoginCard,
}));

type RequireSessionProps = {
  /** What a signed-out visitor gets: the login card in place of the screen (default), or a redirect to '/'. */
  whenSignedOut?: 'login' | 'redirect-home';
};

/**
 * The layout route of every screen that needs an account: the screen when a session is stored (even one being
 * renewed: requests wait for the renewal, the SOS does not), which reads the person with useRequiredSession();
 * else the login card (or '/').
 */
export function RequireSession({ whenSignedOut = 'login' }: RequireSessionProps) {
  const status = useAuthStatus();
  const session = useSession();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // A stored session shows its screens at once, while it is renewed (AuthProvider); the overlay only covers a
  // renewal that has just been refused, until it has finished signing out.
  if (!session && status === 'checking') return <LoadingOverlay />;
  if (!session) {
    // The account was just deleted here and the session ended before the confirmation showed: show it still.
    if (accountDeletedHere()) {
      return (
        <Navigate
          to={paths.accountDeleted}
          replace
          state={{ endSession: true } satisfies AccountDeletedState}
        />
      );
    }
    if (whenSignedOut === 'redirect-home') return <Navigate to={paths.home} replace />;
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <CenteredPage>
          <LoginCard
            logo={<Logo size="md" />}
            initialMode={search.get(AUTH_MODE_PARAM) === 'signup' ? 'signup' : 'login'}
            onSignedIn={(mode) => {
              // /auth is only the way in: once signed in, the person is home (and the Location tab is lit).
              // Someone new is offered the permissions screen there, once (FIRST_RUN_STATE).
              const to = pathname === paths.auth ? paths.home : pathname;
              void navigate(to, { replace: true, state: mode === 'signup' ? FIRST_RUN_STATE : null });
            }}
          />
        </CenteredPage>
      </Suspense>
    );
  }
  return (
    <RequiredSessionContext.Provider value={session}>
      <Outlet />
    </RequiredSessionContext.Provider>
  );
}
