import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Profile } from '#shared/schemas/profile';
import { profileKeys } from '../../features/profile/api/profile-keys';
import { readOfflineEmergencyData } from '../../lib/offline-emergency-data';
import { setSoundEnabled } from '../../lib/sounds';

/**
 * Keeps lib/sounds' switch on the signed-in person's sound_enabled: whenever their profile enters or changes in
 * the cache (any screen's read, the Sound toggle's optimistic write), and from the copy kept on the device until
 * then. It reads the cache and asks the server for nothing. Sound is on for nobody signed in.
 */
export function useSoundPreferenceSync(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const key = profileKeys.detail(userId);
    const apply = (): void => {
      const profile = queryClient.getQueryData<Profile>(key);
      setSoundEnabled(profile?.sound_enabled ?? readOfflineEmergencyData(userId)?.soundEnabled ?? true);
    };
    apply();
    const unsubscribe = queryClient.getQueryCache().subscribe(apply);
    return () => {
      unsubscribe();
      setSoundEnabled(true);
    };
  }, [userId, queryClient]);
}
