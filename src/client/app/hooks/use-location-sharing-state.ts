import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { profileQueryOptions } from '../../features/profile/api/get-profile';
import type { AlertSharingState } from '../../features/sos/components/active-alert-screen';
import { useLocationPermissionGranted } from '../../features/tracking/hooks/use-location-permission';
import { readOfflineEmergencyData, saveOfflineShareLocation } from '../../lib/offline-emergency-data';

/**
 * Whether this device shares its live location: signed in, the browser has granted location, and the profile's
 * location_sharing_enabled (Settings › Privacy › Share Location) is on. One answer for the sharing itself
 * (LocationSharingScope) and for what the active-alert screen says about it.
 *
 * The setting is the profile's as last read, kept across reloads in the offline copy: a page reloaded without a
 * connection knows it before the profile loads. A setting never read on this device is `unknown`, never `off`.
 * A profile that failed to load is asked for again every LIVE_TRACKING.intervalMs until it loads (TanStack Query
 * alone would not: a page that opened offline never hears of a change in the connection), so the sharing
 * recovers without a reload.
 */
export function useLocationSharingState(userId: string | null): AlertSharingState {
  const granted = useLocationPermissionGranted(userId !== null);
  // Read quietly (no error toast: the screens that show the profile report its failures).
  const profile = useQuery({
    ...profileQueryOptions(userId ?? undefined),
    enabled: userId !== null && granted,
    refetchInterval: (query) => (query.state.status === 'error' ? LIVE_TRACKING.intervalMs : false),
  });
  const loaded = profile.data?.location_sharing_enabled;
  useEffect(() => {
    if (userId && loaded !== undefined) saveOfflineShareLocation(userId, loaded);
  }, [userId, loaded]);
  const lastKnown = loaded ?? (userId ? readOfflineEmergencyData(userId)?.shareLocation : null) ?? null;
  return sharingState(granted, lastKnown);
}

/** The state from the permission and the setting as last known (null: never read on this device). */
export function sharingState(granted: boolean, setting: boolean | null): AlertSharingState {
  if (!granted) return 'no_permission';
  if (setting === null) return 'unknown';
  return setting ? 'on' : 'off';
}

/**
 * What the tracker does in each state. An alert always sends while the setting may be on: with it unknown the
 * server, which keeps positions only while Share Location is on, decides. Otherwise positions go out only with the
 * setting known to be on; a screen showing the position may still watch without sending.
 */
export function sharingPlan(
  state: AlertSharingState,
  { alerting, demanded }: { alerting: boolean; demanded: boolean },
): { enabled: boolean; watchOnly: boolean } {
  const enabled = state === 'on' || (state === 'unknown' && alerting);
  return { enabled, watchOnly: !enabled && state !== 'no_permission' && demanded };
}
