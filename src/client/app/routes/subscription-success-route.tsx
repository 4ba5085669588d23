import { lazy, Suspense } from 'react';
import { useAuthStatus } from '../../features/auth/hooks/auth-status-context';
import { useSession } from '../../features/auth/hooks/use-session';

const SubscriptionSuccessPage = lazy(async () => ({
  default: (await import('./subscription-success')).SubscriptionSuccessPage,
}));

/**
 * /subscription-success, public: what it says depends on whether someone is signed in (a visitor has no
 * subscription to welcome). Not a lazy route: its screen reads the session, and a lazy chunk that did would split
 * the session code out of the first download's chunks, costing more than this check (README, "Bundle budget").
 */
export function SubscriptionSuccessRoute() {
  const status = useAuthStatus();
  const signedIn = useSession() !== null;
  // Until the stored session is checked, whether to welcome anyone is not known yet.
  if (status === 'checking') return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionSuccessPage signedIn={signedIn} />
    </Suspense>
  );
}
