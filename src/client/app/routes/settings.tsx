import { Navigate, useNavigate } from 'react-router';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';
import { LoadingOverlay } from '../../features/dashboard/components/loading-overlay';
import { paths } from '../../lib/paths';
import { SettingsDialogContainer } from '../components/settings-dialog-container';

/** /settings: the settings dialog opened full-page; signed-out visitors go to '/', closing returns to '/'. */
export function SettingsRoute() {
  const status = useAuthStatus();
  const session = useSession();
  const navigate = useNavigate();
  if (status === 'checking') return <LoadingOverlay />;
  if (!session) return <Navigate to={paths.home} replace />;
  return (
    <div className="min-h-dvh bg-background">
      <SettingsDialogContainer
        open
        layout="fullscreen"
        onOpenChange={(open) => {
          if (!open) navigate(paths.home, { replace: true });
        }}
      />
    </div>
  );
}
