import type { ReactNode } from 'react';
import { Logo } from '../../components/logo';
import { LoginCard } from '../../features/auth/components/login-card';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { CenteredPage } from './centered-page';

/** A screen that needs an account: the loading overlay while the session is checked, the login card when signed out. */
export function SignedInPage({ children }: { children: (userId: string) => ReactNode }) {
  const status = useAuthStatus();
  const session = useSession();
  if (status === 'checking') return <LoadingOverlay />;
  if (!session) {
    return (
      <CenteredPage>
        <LoginCard logo={<Logo size="md" />} />
      </CenteredPage>
    );
  }
  return <>{children(session.user.id)}</>;
}
