import { LIVE_TRACKING } from '#shared/constants';
import { useActiveAlerts } from '../../features/sos/api/get-active-alerts';
import { useLocationSharing } from '../../features/tracking/hooks/use-location-sharing';
import { useLocationSharingState } from '../hooks/use-location-sharing-state';

/**
 * Shares this device's live location while someone is signed in, the browser has granted location, and their
 * profile's location_sharing_enabled (Settings › Privacy › Share Location) is on; every
 * LIVE_TRACKING.activeAlertIntervalMs while they have an active alert.
 */
export function LocationSharingScope({ userId }: { userId: string | null }) {
  const state = useLocationSharingState(userId);
  const alerting = (useActiveAlerts(userId ?? undefined).data?.length ?? 0) > 0;
  useLocationSharing({
    userId,
    enabled: state === 'on',
    activeAlertIntervalMs: alerting ? LIVE_TRACKING.activeAlertIntervalMs : undefined,
  });
  return null;
}
