import { queryOptions, useQuery } from '@tanstack/react-query';
import { WardListResponseSchema, type Ward } from '#shared/schemas/guardian';
import { apiRequest } from '../../../lib/api-client';
import { wardKeys } from './guardian-keys';

export async function getWards(signal?: AbortSignal): Promise<Ward[]> {
  const { wards } = await apiRequest('/api/wards', { schema: WardListResponseSchema, signal });
  return wards;
}

export function wardsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: wardKeys.list(userId),
    queryFn: ({ signal }) => getWards(signal),
    enabled: Boolean(userId),
  });
}

/**
 * The guardian's active wards with their latest position; `location.updated` events patch it live.
 * `enabled: false` keeps it from loading (e.g. a banner that only needs names while it shows).
 */
export function useWards(userId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const options = wardsQueryOptions(userId);
  return useQuery({ ...options, enabled: Boolean(userId) && enabled });
}
