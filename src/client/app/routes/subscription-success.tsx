import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { SubscriptionSuccess } from '../../features/subscription/components/subscription-success';
import { CenteredPage } from '../components/centered-page';

/** Public: what it says depends on whether someone is signed in (a visitor has no subscription to welcome). */
export function SubscriptionSuccessRoute() {
  const status = useAuthStatus();
  const signedIn = useSession() !== null;
  if (status === 'checking') return <LoadingOverlay />;
  return (
    <CenteredPage>
      <SubscriptionSuccess signedIn={signedIn} />
    </CenteredPage>
  );
}
