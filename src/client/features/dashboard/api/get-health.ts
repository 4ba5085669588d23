import { useQuery } from '@tanstack/react-query';
import { HEALTH_RECHECK_MS } from '#shared/constants';
import { HealthSchema, type Health } from '#shared/schemas/api-error';
import { apiRequest } from '../../../lib/api-client';
import { healthKeys } from './health-keys';

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest('/api/health', { schema: HealthSchema, auth: false, signal });
}

/**
 * Whether the backend answers (a 503 `degraded` answer counts as failing). While it fails it is asked again every
 * HEALTH_RECHECK_MS, so the screens notice by themselves when the server is back.
 */
export function useHealth() {
  return useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.status === 'error' ? HEALTH_RECHECK_MS : false),
  });
}
