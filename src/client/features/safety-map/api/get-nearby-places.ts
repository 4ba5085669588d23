/** POST /api/nearby-places (docs/PRODUCT.md#safety-map-and-nearby-places). */
import { skipToken, useQuery } from '@tanstack/react-query';
import { NEARBY_PLACES } from '#shared/nearby-places-constants';
import {
  NearbyPlacesResponseSchema,
  type NearbyPlacesRequest,
  type NearbyPlacesResponse,
} from '#shared/schemas/nearby-places';
import { apiRequest } from '../../../lib/api-client';
import { nearbyPlacesKeys } from './nearby-places-keys';

export function getNearbyPlaces(
  position: NearbyPlacesRequest,
  signal?: AbortSignal,
): Promise<NearbyPlacesResponse> {
  return apiRequest('/api/nearby-places', {
    method: 'POST',
    body: position,
    schema: NearbyPlacesResponseSchema,
    signal,
  });
}

/** The grid cell of a position, as the server rounds it (NEARBY_PLACES.cacheGridDecimals). */
export function placesCellOf(position: NearbyPlacesRequest): string {
  const digits = NEARBY_PLACES.cacheGridDecimals;
  return `${position.lat.toFixed(digits)},${position.lng.toFixed(digits)}`;
}

/**
 * The places around `position`, asked again only when it moves into another grid cell: within one cell the
 * server would answer the same places. Nothing is asked without a position.
 */
export function useNearbyPlaces(position: NearbyPlacesRequest | null) {
  const cell = position ? placesCellOf(position) : null;
  return useQuery({
    queryKey: nearbyPlacesKeys.cell(cell ?? 'none'),
    queryFn: position ? ({ signal }) => getNearbyPlaces(position, signal) : skipToken,
    staleTime: NEARBY_PLACES.cacheTtlMs,
    gcTime: NEARBY_PLACES.cacheTtlMs,
    // The sample set is a stand-in: ask again now and then, so real places replace it once the provider is back.
    refetchInterval: (query) => (query.state.data?.fallback ? NEARBY_PLACES.fallbackRetryMs : false),
  });
}
