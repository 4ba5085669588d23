import { useQuery } from '@tanstack/react-query';
import { TRACK_PAGE_REFRESH_MS } from '#shared/constants';
import { TrackResponseSchema, type TrackResponse } from '#shared/schemas/share-link';
import { apiRequest, isClientError } from '../../../lib/api-client';
import { trackKeys } from './tracking-keys';

/** GET /api/track/:shareCode: public, no sign-in (holding the code is the permission). */
export function getTrack(shareCode: string, signal?: AbortSignal): Promise<TrackResponse> {
  return apiRequest(`/api/track/${encodeURIComponent(shareCode)}`, {
    schema: TrackResponseSchema,
    auth: false,
    signal,
  });
}

/**
 * The shared position, re-read every TRACK_PAGE_REFRESH_MS. An expired, revoked (410) or unknown (404) link is
 * final, so polling stops; network failures keep the last position on screen and keep trying.
 */
export function useTrack(shareCode: string) {
  return useQuery({
    queryKey: trackKeys.share(shareCode),
    queryFn: ({ signal }) => getTrack(shareCode, signal),
    refetchInterval: (query) => (isClientError(query.state.error) ? false : TRACK_PAGE_REFRESH_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}
