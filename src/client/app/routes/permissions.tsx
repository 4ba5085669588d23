import { useNavigate } from 'react-router';
import { PermissionsScreen } from '../../features/permissions/components/permissions-screen';
import { paths } from '../../lib/paths';

export function PermissionsRoute() {
  const navigate = useNavigate();
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center p-4">
      <PermissionsScreen onContinue={() => navigate(paths.contacts)} />
    </main>
  );
}
