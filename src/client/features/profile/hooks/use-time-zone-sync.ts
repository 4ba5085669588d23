import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hostTimeZoneName } from '../../../lib/browser-time-zone';
import { whenIdleAfterFirstPaint } from '../../../lib/first-paint';
import { profileQueryOptions } from '../api/get-profile';
import { profileKeys } from '../api/profile-keys';

/**
 * When the signed-in app (its profile loaded) starts in a time zone other than the profile's (travel, a new device, an account made
 * before zones were kept), it stores the browser's, once per start, so the next SOS text has local times. A
 * failure is silent: the text then says UTC, which stays true, and the next start tries again.
 */
export function useTimeZoneSync(userId: string | null): void {
  const queryClient = useQueryClient();
  // Reads the profile the screens load (the dashboard, /sos) without fetching it itself: no extra request.
  const profile = useQuery({ ...profileQueryOptions(userId ?? undefined), enabled: false }).data;
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!userId || !profile || tried.current === userId) return;
    let current = true;
    // Asking the browser for its zone may load its time-zone data, a long task on a slow phone: nothing waits for
    // it. Whether the zone is one the rule accepts is the server's to say (a refusal leaves the texts in UTC): a
    // check here would build a date formatter, another long task, for a name this browser itself reported.
    void whenIdleAfterFirstPaint('warm', () => {
      const zone = hostTimeZoneName();
      if (!current || !zone || zone === profile.time_zone || tried.current === userId) return;
      tried.current = userId;
      // Loaded on demand: the profile-saving code stays out of the first download (README, "Bundle budget").
      import('../api/update-profile')
        .then(({ updateProfile }) => updateProfile({ time_zone: zone }))
        .then((saved) => queryClient.setQueryData(profileKeys.detail(userId), saved))
        .catch(() => undefined);
    });
    return () => {
      current = false;
    };
  }, [userId, profile, queryClient]);
}
