import { useQuery } from '@tanstack/react-query';
import { HealthSchema, type Health } from '#shared/schemas/api-error';
import { apiRequest } from '../../../lib/api-client';
import { healthKeys } from './health-keys';

export function getHealth(signal?: AbortSignal): Promise<Health> {
  return apiRequest('/api/health', { schema: HealthSchema, auth: false, signal });
}

/** Whether the backend answers; the dashboard shows the configuration message when it does not. */
export function useHealth() {
  return useQuery({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => getHealth(signal),
    staleTime: Infinity,
  });
}
