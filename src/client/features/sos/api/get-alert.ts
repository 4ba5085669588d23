import { useQuery } from '@tanstack/react-query';
import { ALERT_CLIENT } from '#shared/constants';
import { AlertDetailSchema, type AlertDetail } from '#shared/schemas/alert';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

export function getAlert(alertId: string, signal?: AbortSignal): Promise<AlertDetail> {
  return apiRequest(`/api/alerts/${encodeURIComponent(alertId)}`, { schema: AlertDetailSchema, signal });
}

/** True while the server may still change a delivery's status (a first attempt or a retry is due). */
export function hasOpenDeliveries(detail: AlertDetail | undefined): boolean {
  return Boolean(
    detail?.deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending'),
  );
}

/**
 * One alert with its deliveries. Seeded from the POST answer, then re-read every few seconds while any delivery
 * is still pending or sending, so the person sees each contact's text go from "Retrying" to "Sent" or "Failed".
 */
export function useAlertDetail(alertId: string | null) {
  return useQuery({
    queryKey: alertKeys.detail(alertId ?? 'none'),
    queryFn: ({ signal }) => getAlert(alertId ?? '', signal),
    enabled: alertId !== null,
    staleTime: ALERT_CLIENT.deliveryPollMs,
    refetchInterval: (query) => (hasOpenDeliveries(query.state.data) ? ALERT_CLIENT.deliveryPollMs : false),
  });
}
