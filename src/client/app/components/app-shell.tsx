import { Outlet } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { BottomNav } from '../../features/dashboard/components/bottom-nav';

/** The dashboard and the tab pages; the bottom navigation is for signed-in people only. */
export function AppShell() {
  const session = useSession();
  return (
    <>
      <Outlet />
      {session ? <BottomNav /> : null}
    </>
  );
}
