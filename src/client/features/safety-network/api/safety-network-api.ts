import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DrillSchema, SafetyNetworkSchema, type Drill } from '#shared/schemas/safety-network';
import { apiRequest } from '../../../lib/api-client';
import { safetyNetworkKeys } from './safety-network-keys';

/**
 * A drill's screen re-reads on the person's own alert events (app/realtime); this slow poll only covers a socket
 * that is away, while the drill runs.
 */
const DRILL_POLL_MS = 10_000;

/** GET /api/safety-network: who an alert can reach now, and drills left today. */
export function safetyNetworkQueryOptions(userId: string) {
  return queryOptions({
    queryKey: safetyNetworkKeys.network(userId),
    queryFn: ({ signal }) => apiRequest('/api/safety-network', { schema: SafetyNetworkSchema, signal }),
  });
}

export function useSafetyNetwork(userId: string) {
  return useQuery(safetyNetworkQueryOptions(userId));
}

/** GET /api/safety-network/drills/:id: each contact's and guardian's delivery and answer, as they stand. */
export function useDrill(userId: string, drillId: string | null) {
  return useQuery({
    queryKey: safetyNetworkKeys.drill(userId, drillId ?? 'none'),
    queryFn: ({ signal }) =>
      apiRequest(`/api/safety-network/drills/${drillId}`, { schema: DrillSchema, signal }),
    enabled: drillId !== null,
    refetchInterval: (query) => (query.state.data?.ended_at ? false : DRILL_POLL_MS),
  });
}

/** POST /api/safety-network/drills: the new drill, or the one still open. */
export function useStartDrill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('/api/safety-network/drills', { method: 'POST', schema: DrillSchema }),
    onSuccess: (drill: Drill) => {
      queryClient.setQueryData(safetyNetworkKeys.drill(userId, drill.id), drill);
      void queryClient.invalidateQueries({ queryKey: safetyNetworkKeys.network(userId) });
    },
  });
}

/** POST /api/safety-network/drills/:id/end: sends nobody anything. */
export function useEndDrill(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (drillId: string) =>
      apiRequest(`/api/safety-network/drills/${drillId}/end`, { method: 'POST', schema: DrillSchema }),
    onSuccess: (drill: Drill) => {
      queryClient.setQueryData(safetyNetworkKeys.drill(userId, drill.id), drill);
      void queryClient.invalidateQueries({ queryKey: safetyNetworkKeys.network(userId) });
    },
  });
}
