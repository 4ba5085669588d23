import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import type { AlertSharingState } from '../../features/sos/components/active-alert-screen';
import { useLocationPermissionGranted } from '../../features/tracking/hooks/use-location-permission';

/**
 * Whether this device shares its live location: signed in, the browser has granted location, and the profile's
 * location_sharing_enabled (Settings › Privacy › Share Location) is on. One answer for the sharing itself
 * (LocationSharingScope) and for what the active-alert screen says about it.
 */
export function useLocationSharingState(userId: string | null): AlertSharingState {
  const granted = useLocationPermissionGranted(userId !== null);
  // Read quietly (no error toast: the screens that show the profile report its failures).
  const profile = useQuery({
    ...profileQueryOptions(userId ?? undefined),
    enabled: userId !== null && granted,
  });
  if (!granted) return 'no_permission';
  return profile.data?.location_sharing_enabled === true ? 'on' : 'off';
}
