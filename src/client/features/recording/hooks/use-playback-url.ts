import { useQuery } from '@tanstack/react-query';
import { playbackKeys, requestPlayback, type RecordingSource } from '../api/recording-source';

/** Asked for again this long before the URL stops working, so the player never holds a dead one. */
const RENEW_BEFORE_MS = 30_000;
const MIN_RENEW_MS = 5_000;

/**
 * A signed media URL for the player, renewed before it expires. `enabled` false: nothing to play yet (asking
 * would log a view of nothing).
 */
export function usePlaybackUrl(source: RecordingSource, id: string, enabled: boolean) {
  return useQuery({
    queryKey: playbackKeys.url(source, id),
    queryFn: () => requestPlayback(source, id),
    enabled,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expires_at) : null;
      if (expiresAt === null) return false;
      return Math.max(expiresAt - Date.now() - RENEW_BEFORE_MS, MIN_RENEW_MS);
    },
  });
}
