import { Logo } from '../../components/logo';
import { LoginCard } from '../../features/auth/components/login-card';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { SmsOutboxPage } from '../../features/dev-outbox/components/sms-outbox-page';
import { paths } from '../../lib/paths';
import { CenteredPage } from '../components/centered-page';

/** /outbox: the dev SMS outbox, for people trying Beacon without an SMS provider. Signed-in only. */
export function OutboxRoute() {
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
  return <SmsOutboxPage homePath={paths.home} />;
}
