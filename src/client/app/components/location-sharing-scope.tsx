import { useSyncExternalStore } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useActiveAlerts } from '../../features/sos/api/get-active-alerts';
import { useLocationSharing } from '../../features/tracking/hooks/use-location-sharing';
import { trackingStore } from '../../features/tracking/stores/tracking-store';
import { sharingPlan, useLocationSharingState } from '../hooks/use-location-sharing-state';

const isDemanded = (): boolean => trackingStore.getSnapshot().demand > 0;

/**
 * Runs the device's one location tracker for the signed-in person once the browser has granted location: it
 * shares the live location while their profile's location_sharing_enabled (Settings › Privacy › Share Location)
 * is on (as last known: see useLocationSharingState), every LIVE_TRACKING.activeAlertIntervalMs while they have
 * an active alert, also while the setting is not known yet; otherwise it only watches while a screen shows the
 * position (useTrackedLocation).
 */
export function LocationSharingScope({ userId }: { userId: string | null }) {
  const state = useLocationSharingState(userId);
  const demanded = useSyncExternalStore(trackingStore.subscribe, isDemanded);
  const alerting = (useActiveAlerts(userId ?? undefined).data?.length ?? 0) > 0;
  useLocationSharing({
    userId,
    ...sharingPlan(state, { alerting, demanded }),
    activeAlertIntervalMs: alerting ? LIVE_TRACKING.activeAlertIntervalMs : undefined,
  });
  return null;
}
