import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getSession } from '../../../lib/session-store';
import { wardKeys } from './guardian-keys';

/**
 * GET /api/alerts/:id/meeting-photo, for the alert's owner and their active guardians: the image's bytes. Fetched
 * with the session's bearer token, which an `<img src>` cannot send; the answer is never cached by the browser
 * (`no-store`), so it is asked for when shown.
 */
export async function getMeetingPhoto(alertId: string, signal?: AbortSignal): Promise<Blob> {
  const token = getSession()?.access_token;
  const response = await fetch(`/api/alerts/${encodeURIComponent(alertId)}/meeting-photo`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (!response.ok) throw new Error(`The meeting photo answered ${response.status}`);
  return response.blob();
}

/** What a meeting photo shows as: an object URL of its bytes, while loading, or failed. */
export type MeetingPhoto = { url: string | null; status: 'loading' | 'ready' | 'failed' };

/**
 * The photo of the meeting an alert carries, as an object URL for an `<img>`, made while it is shown and revoked
 * after. Nothing is asked when the meeting has no photo (`enabled` false). Kept in memory only while shown.
 */
export function useMeetingPhoto(userId: string, alertId: string, enabled: boolean): MeetingPhoto {
  const photo = useQuery({
    queryKey: wardKeys.meetingPhoto(userId, alertId),
    queryFn: ({ signal }) => getMeetingPhoto(alertId, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  const blob = photo.data;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  if (photo.isError) return { url: null, status: 'failed' };
  return url ? { url, status: 'ready' } : { url: null, status: 'loading' };
}
