import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDevice } from '../../../lib/device/device-context';
import type { PositionReading } from '../../../lib/device/geolocation';
import type { DevicePermissionState } from '../../../lib/device/permissions';
import { trackingStore } from '../stores/tracking-store';
import { trackingErrorMessage } from '../utils/tracking-error';

export type TrackedLocation = {
  /** The newest accepted readings, oldest first (at most LIVE_TRACKING.historySize). */
  readings: readonly PositionReading[];
  /** The newest reading; null while the position is unknown. */
  latest: PositionReading | null;
  /** The tracking message for the last failure or a refused permission; null when there is none. */
  error: string | null;
};

/**
 * The device's tracked position for a screen that shows it (e.g. /checkin's location). While mounted the one
 * tracker watches the position even when sharing is off (it sends nothing then); it never starts a watch of its
 * own, and it never asks for permission.
 */
export function useTrackedLocation(): TrackedLocation {
  const { permissions } = useDevice();
  const snapshot = useSyncExternalStore(trackingStore.subscribe, trackingStore.getSnapshot);
  const [permission, setPermission] = useState<DevicePermissionState | null>(null);

  useEffect(() => trackingStore.demand(), []);

  useEffect(() => {
    let current = true;
    permissions
      .query('location')
      .then((state) => {
        if (current) setPermission(state);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [permissions]);

  return {
    readings: snapshot.readings,
    latest: snapshot.readings.at(-1) ?? null,
    error: trackingErrorMessage(snapshot.errorCode, permission),
  };
}
