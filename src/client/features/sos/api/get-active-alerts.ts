import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ALERT_CLIENT } from '#shared/constants';
import { AlertListResponseSchema, type AlertDetail } from '#shared/schemas/alert';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';
import { hasOpenDeliveries } from './get-alert';

export function getActiveAlerts(signal?: AbortSignal): Promise<AlertDetail[]> {
  return apiRequest('/api/alerts?status=active', { schema: AlertListResponseSchema, signal }).then(
    (answer) => answer.alerts,
  );
}

/**
 * The person's alerts that are still active, newest first: what every signed-in device of theirs shows until they
 * say they are safe. Re-read when a realtime event about their alerts arrives (apply-realtime-event.ts), and
 * every few seconds while a text is still pending or being sent.
 */
export function useActiveAlerts(userId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.active(userId),
    queryFn: ({ signal }) => getActiveAlerts(signal),
    enabled: Boolean(userId),
    staleTime: ALERT_CLIENT.deliveryPollMs,
    refetchInterval: (query) =>
      query.state.data?.some((detail) => hasOpenDeliveries(detail)) ? ALERT_CLIENT.deliveryPollMs : false,
  });
}

/** An alert this device just raised is active at once, before any re-read (the screen must not wait for one). */
export function addActiveAlert(queryClient: QueryClient, userId: string, detail: AlertDetail): void {
  if (detail.alert.status !== 'active') return;
  queryClient.setQueryData<AlertDetail[]>(alertKeys.active(userId), (current = []) => [
    detail,
    ...current.filter((entry) => entry.alert.id !== detail.alert.id),
  ]);
}

/** An alert the person ended leaves the active list at once on this device; the others hear `alert.resolved`. */
export function removeActiveAlert(queryClient: QueryClient, userId: string, alertId: string): void {
  queryClient.setQueryData<AlertDetail[]>(alertKeys.active(userId), (current = []) =>
    current.filter((entry) => entry.alert.id !== alertId),
  );
}
