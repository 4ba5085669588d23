import type { AlertDetail } from '#shared/schemas/alert';
import { useActiveAlerts } from '../../features/sos/api/get-active-alerts';

type Journey = { status: string; alert_id: string | null };

/**
 * Whether the alert a journey's deadline raised has ended ("I'm safe"), read from the person's active alerts, the
 * list that opens and closes the active-alert screen. That list answers only if this device read it after it
 * learned the journey: a deadline that has just fired may arrive before the list that holds its new alert.
 */
export function journeyAlertEnded(
  journey: Journey | null | undefined,
  journeyUpdatedAt: number,
  active: { alerts: readonly AlertDetail[] | undefined; updatedAt: number },
): boolean {
  if (!journey?.alert_id || journey.status === 'active') return false;
  if (active.alerts === undefined || active.updatedAt < journeyUpdatedAt) return false;
  return !active.alerts.some((detail) => detail.alert.id === journey.alert_id);
}

/**
 * A journey as the screens show it: once the person has ended the alert its deadline raised, it is over (null),
 * as GET /api/escort-sessions/active and /api/checkins/active then answer. The screen thus never shows "EMERGENCY
 * ALERT" under an alert that the active-alert screen no longer shows.
 */
export function useShownJourney<J extends Journey>(
  userId: string,
  journey: J | null | undefined,
  journeyUpdatedAt: number,
): J | null | undefined {
  const active = useActiveAlerts(userId);
  const ended = journeyAlertEnded(journey, journeyUpdatedAt, {
    alerts: active.data,
    updatedAt: active.dataUpdatedAt,
  });
  return ended ? null : journey;
}
