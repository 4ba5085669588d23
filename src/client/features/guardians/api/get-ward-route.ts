import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationRouteResponseSchema, type RoutePoint } from '#shared/schemas/location';
import { apiRequest } from '../../../lib/api-client';
import { wardKeys } from './guardian-keys';

export async function getWardRoute(wardId: string, signal?: AbortSignal): Promise<RoutePoint[]> {
  const query = new URLSearchParams({ userId: wardId });
  const { route } = await apiRequest(`/api/locations/route?${query.toString()}`, {
    schema: LocationRouteResponseSchema,
    signal,
  });
  return route;
}

/** A ward's recent route (at most 50 points, oldest first); `location.updated` events extend it live. */
export function useWardRoute(userId: string | undefined, wardId: string) {
  return useQuery(
    queryOptions({
      queryKey: wardKeys.route(userId, wardId),
      queryFn: ({ signal }) => getWardRoute(wardId, signal),
      enabled: Boolean(userId),
    }),
  );
}
