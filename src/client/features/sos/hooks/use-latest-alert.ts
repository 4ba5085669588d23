import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { alertKeys } from '../api/alert-keys';

/**
 * The id of the person's latest alert (from this page or from a queued alert sent on reconnect), kept in the
 * query cache: it is per person, cleared with the cache on sign-out, and shared by the SOS page and dashboard.
 */
export function useLatestAlertId(userId: string | undefined): {
  alertId: string | null;
  dismiss: () => void;
} {
  const queryClient = useQueryClient();
  const key = alertKeys.latest(userId);
  const { data } = useQuery({
    queryKey: key,
    // Nothing to fetch: the value is written by whoever raised or replayed the alert.
    queryFn: () => queryClient.getQueryData<string | null>(key) ?? null,
    staleTime: Infinity,
    enabled: Boolean(userId),
  });
  const dismiss = useCallback(
    () => queryClient.setQueryData(alertKeys.latest(userId), null),
    [queryClient, userId],
  );
  return { alertId: data ?? null, dismiss };
}
