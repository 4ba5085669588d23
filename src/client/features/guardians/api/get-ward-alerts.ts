import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { WardAlertListResponseSchema, type WardAlertDetail } from '#shared/schemas/alert';
import { apiRequest } from '../../../lib/api-client';
import { withAlertsLoaded, type WardAlertRecord } from '../utils/ward-alerts';
import { wardKeys } from './guardian-keys';

export async function getWardAlerts(signal?: AbortSignal): Promise<WardAlertDetail[]> {
  const { alerts } = await apiRequest('/api/wards/alerts', { schema: WardAlertListResponseSchema, signal });
  return alerts;
}

/**
 * The recent alerts of everyone the person guards, with each text's status: the one place the device holds them.
 * The server read fills in what a new window (opened from a push, say) never saw; realtime events write into the
 * same cache (api/ward-cache.ts), and a read merges with them, so an event that raced the read is never lost.
 */
export function wardAlertsQueryOptions(queryClient: QueryClient, userId: string | null) {
  const queryKey = wardKeys.alerts(userId ?? undefined);
  return {
    queryKey,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<WardAlertRecord[]> =>
      withAlertsLoaded(
        queryClient.getQueryData<WardAlertRecord[]>(queryKey) ?? [],
        await getWardAlerts(signal),
      ),
    enabled: Boolean(userId),
  };
}

export function useWardAlerts(userId: string | null) {
  const queryClient = useQueryClient();
  return useQuery(wardAlertsQueryOptions(queryClient, userId));
}
