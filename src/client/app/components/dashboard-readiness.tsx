import { SystemReadyCard } from '../../features/device-status/components/system-ready-card';
import { usePushOptIn } from '../../features/push/hooks/use-push-opt-in';
import type { ServerStatus } from '../../features/dashboard/utils/server-status';

export type DashboardReadinessProps = {
  server: ServerStatus;
  contactCount: number | undefined;
  onAddContact: () => void;
};

/**
 * The dashboard's readiness card with this browser's Web Push state as its notifications check. Its own module,
 * loaded just after the first screen (lazy in routes/dashboard.tsx): the SOS button comes first on a slow
 * connection, and the push code stays out of the first download (README, "Bundle budget").
 */
export function DashboardReadiness({ server, contactCount, onAddContact }: DashboardReadinessProps) {
  const push = usePushOptIn();
  return (
    <SystemReadyCard
      server={server}
      contactCount={contactCount}
      onAddContact={onAddContact}
      notifications={{ state: push.state, busy: push.busy, enable: () => push.setEnabled(true) }}
    />
  );
}
