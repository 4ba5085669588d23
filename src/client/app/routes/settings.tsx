import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SettingsDialogContainer } from '../components/settings-dialog-container';

/** /settings: the settings dialog opened full-page (signed-out visitors go to '/'); closing returns to '/'. */
export function SettingsRoute() {
  const navigate = useNavigate();
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
