import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import { useLocationPermissionGranted } from '../../features/tracking/hooks/use-location-permission';
import { useLocationSharing } from '../../features/tracking/hooks/use-location-sharing';

/**
 * Shares this device's live location while someone is signed in, the browser has granted location, and their
 * profile's location_sharing_enabled (Settings › Privacy › Share Location) is on.
 */
export function LocationSharingScope({ userId }: { userId: string | null }) {
  const granted = useLocationPermissionGranted(userId !== null);
  // Read quietly (no error toast: the screens that show the profile report its failures).
  const profile = useQuery({
    ...profileQueryOptions(userId ?? undefined),
    enabled: userId !== null && granted,
  });
  useLocationSharing({
    userId,
    enabled: granted && profile.data?.location_sharing_enabled === true,
  });
  return null;
}
