import { SystemReadyCard } from '../../features/device-status/components/system-ready-card';
import { ProtectionReadiness } from '../../features/protection/components/protection-readiness';
import { usePushOptIn } from '../../features/push/hooks/use-push-opt-in';
import type { ServerStatus } from '../../features/dashboard/utils/server-status';
import { useRequiredSession } from '../hooks/use-required-session';

export type DashboardReadinessProps = {
  server: ServerStatus;
  contactCount: number | undefined;
  onAddContact: () => void;
};

/**
 * The dashboard's readiness card with this browser's Web Push state as its notifications check, and what AI
 * Protection does on this phone. Its own module,
 * loaded just after the first screen (lazy in routes/dashboard.tsx): the SOS button comes first on a slow
 * connection, and the push code stays out of the first download (README, "Bundle budget").
 */
export function DashboardReadiness({ server, contactCount, onAddContact }: DashboardReadinessProps) {
  const push = usePushOptIn();
  const userId = useRequiredSession().user.id;
  return (
    <SystemReadyCard
      server={server}
      contactCount={contactCount}
      onAddContact={onAddContact}
      notifications={{ state: push.state, busy: push.busy, enable: () => push.setEnabled(true) }}
      extra={<ProtectionReadiness userId={userId} />}
    />
  );
}
