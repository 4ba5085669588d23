import { useQuery } from '@tanstack/react-query';
import { WardAlertListResponseSchema, type WardAlertDetail } from '#shared/schemas/alert';
import { apiRequest } from '../../../lib/api-client';
import { wardKeys } from './guardian-keys';

export async function getWardAlerts(signal?: AbortSignal): Promise<WardAlertDetail[]> {
  const { alerts } = await apiRequest('/api/wards/alerts', { schema: WardAlertListResponseSchema, signal });
  return alerts;
}

/**
 * The recent alerts of everyone the person guards, with each text's status, as the server has them. Realtime
 * events keep the guardian's view live; this fills in what a new window (opened from a push, say) never saw.
 */
export function useWardAlerts(userId: string | null) {
  return useQuery({
    queryKey: wardKeys.alerts(userId ?? undefined),
    queryFn: ({ signal }) => getWardAlerts(signal),
    enabled: Boolean(userId),
  });
}
