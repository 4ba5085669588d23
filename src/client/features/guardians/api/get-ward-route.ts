import { queryOptions, useQuery } from '@tanstack/react-query';
import { LocationRouteResponseSchema, type RoutePoint } from '#shared/schemas/location';
import { apiRequest } from '../../../lib/api-client';

export async function getWardRoute(wardId: string, signal?: AbortSignal): Promise<RoutePoint[]> {
  const query = new URLSearchParams({ userId: wardId });
  const { route } = await apiRequest(`/api/locations/route?${query.toString()}`, {
    schema: LocationRouteResponseSchema,
    signal,
  });
  return route;
}

/** Prefix of every ward route of one viewer (to invalidate them all at once). */
export function wardRoutesQueryKey(userId: string | undefined): readonly unknown[] {
  return ['ward-route', userId ?? 'anonymous'];
}

export function wardRouteQueryKey(userId: string | undefined, wardId: string): readonly unknown[] {
  return [...wardRoutesQueryKey(userId), wardId];
}

/** A ward's recent route (at most 50 points, oldest first); `location.updated` events extend it live. */
export function useWardRoute(userId: string | undefined, wardId: string) {
  return useQuery(
    queryOptions({
      queryKey: wardRouteQueryKey(userId, wardId),
      queryFn: ({ signal }) => getWardRoute(wardId, signal),
      enabled: Boolean(userId),
    }),
  );
}
