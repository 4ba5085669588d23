import type { ReactNode } from 'react';
import { ESCORT } from '#shared/constants';
import { ESCORT_TEXTS } from '#shared/escort-texts';
import type { EscortSession } from '#shared/schemas/journey';
import { cn } from '../../../lib/cn';
import { formatCountdown } from '../../../lib/journey-format';

export type EscortStatusView = 'tracking' | 'tracking_off' | 'waiting' | 'emergency';

/**
 * What the Status card says. The countdown reaching 0 decides nothing: until the server's `escort.updated` (or a
 * reload) says `expired`, the screen says it is waiting for the server.
 */
export function escortStatus(
  session: EscortSession,
  seconds: number | null,
  tracking: boolean,
): EscortStatusView {
  if (session.status === 'expired') return 'emergency';
  if (seconds !== null && seconds <= 0) return 'waiting';
  return tracking ? 'tracking' : 'tracking_off';
}

const STATUS_TEXT: Record<EscortStatusView, string> = {
  tracking: ESCORT_TEXTS.trackingActive,
  tracking_off: ESCORT_TEXTS.trackingOff,
  waiting: ESCORT_TEXTS.waitingForServer,
  emergency: ESCORT_TEXTS.emergencyAlert,
};

/**
 * The Destination, Time Remaining (m:ss, red at ≤ 300 s), Video Monitoring (given by app/) and Status cards,
 * and the expiry line.
 */
export function EscortStatusCards({
  session,
  seconds,
  tracking,
  videoMonitoring,
}: {
  session: EscortSession;
  seconds: number | null;
  tracking: boolean;
  videoMonitoring?: ReactNode;
}) {
  const status = escortStatus(session, seconds, tracking);
  const urgent = session.status === 'expired' || (seconds !== null && seconds <= ESCORT.warningSeconds);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <StatCard label={ESCORT_TEXTS.destination} className="col-span-2">
          <span className="break-words" data-testid="escort-destination">
            {session.destination_address}
          </span>
        </StatCard>
        <StatCard label={ESCORT_TEXTS.timeRemaining}>
          <span
            data-testid="escort-time-remaining"
            data-urgent={urgent ? 'true' : 'false'}
            className={cn('font-mono text-2xl font-bold tabular-nums', urgent && 'text-primary-text')}
          >
            {formatCountdown(session.status === 'active' ? (seconds ?? 0) : 0)}
          </span>
        </StatCard>
        {videoMonitoring}
        <StatCard label={ESCORT_TEXTS.status}>
          <span
            data-testid="escort-status"
            data-status={status}
            role="status"
            className={cn(
              'font-semibold',
              status === 'emergency' && 'text-primary-text',
              status === 'tracking' && 'text-success',
              (status === 'tracking_off' || status === 'waiting') && 'text-warning',
            )}
          >
            {STATUS_TEXT[status]}
          </span>
        </StatCard>
      </div>
      {session.status === 'expired' ? (
        <p
          role="alert"
          data-testid="escort-expired"
          className="rounded-xl bg-primary-soft p-3 text-sm font-semibold text-primary-text"
        >
          {session.alert_id === null ? ESCORT_TEXTS.timeExpiredNoContacts : ESCORT_TEXTS.expiredWithAlert}
        </p>
      ) : null}
    </div>
  );
}

function StatCard({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1 rounded-xl border bg-card p-3', className)}>
      <span className="text-xs font-medium text-muted-foreground uppercase">{label}</span>
      {children}
    </div>
  );
}
