import { useCallback, useEffect, useState } from 'react';
import { GPS_CHECK_TIMEOUT_MS } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import type { DevicePermissionState } from '../../../lib/device/permissions';

export type DeviceStatus = {
  /** True only after a position request succeeded. */
  gpsActive: boolean;
  /** True while a position request is under way (the card does not judge location before it answered). */
  gpsChecking: boolean;
  online: boolean;
  /** Rounded percentage; null when the browser has no battery interface (the level is unknown, not guessed). */
  batteryPercent: number | null;
  /** What the browser says about location; null until it answered. */
  locationPermission: DevicePermissionState | null;
  /** Asks for location (the browser's prompt); the card's one-tap fix. */
  allowLocation: () => Promise<void>;
};

/**
 * Device status (docs/PRODUCT.md#dashboard): one GPS check, the location permission (asked again when the person
 * comes back to the tab, since they may have changed it in the browser's settings), online/offline and battery
 * change events.
 */
export function useDeviceStatus(): DeviceStatus {
  const { geolocation, network, battery, permissions } = useDevice();
  const [gpsActive, setGpsActive] = useState(false);
  const [gpsChecking, setGpsChecking] = useState(true);
  const [online, setOnline] = useState(() => network.isOnline());
  const [batteryPercent, setBatteryPercent] = useState<number | null>(null);
  const [locationPermission, setLocationPermission] = useState<DevicePermissionState | null>(null);

  // Asked again once the permission turns granted (allowed in the browser's settings while Beacon was open).
  const permitted = locationPermission === 'granted';
  useEffect(() => {
    let active = true;
    geolocation
      .getCurrentPosition({ timeoutMs: GPS_CHECK_TIMEOUT_MS })
      .then(() => {
        if (active) setGpsActive(true);
      })
      .catch(() => {
        // No fix (denied, timed out, unsupported): GPS stays off.
      })
      .finally(() => {
        if (active) setGpsChecking(false);
      });
    return () => {
      active = false;
    };
  }, [geolocation, permitted]);

  useEffect(() => {
    let active = true;
    const check = (): void => {
      permissions
        .query('location')
        .then((state) => {
          if (active) setLocationPermission(state);
        })
        .catch(() => {
          if (active) setLocationPermission('prompt');
        });
    };
    check();
    window.addEventListener('focus', check);
    return () => {
      active = false;
      window.removeEventListener('focus', check);
    };
  }, [permissions]);

  /** Asks for location, or (already allowed) tries for a fix again. */
  const allowLocation = useCallback(async (): Promise<void> => {
    setGpsChecking(true);
    const state = await permissions.request('location').catch((): DevicePermissionState => 'prompt');
    setLocationPermission(state);
    if (state === 'granted') setGpsActive(true);
    setGpsChecking(false);
  }, [permissions]);

  useEffect(() => network.subscribe(setOnline), [network]);

  useEffect(() => {
    let active = true;
    let stop: (() => void) | null = null;
    void battery
      .watch((level) => {
        if (active) setBatteryPercent(Math.round(level * 100));
      })
      .then((unsubscribe) => {
        if (active) stop = unsubscribe;
        else unsubscribe?.();
      });
    return () => {
      active = false;
      stop?.();
    };
  }, [battery]);

  return { gpsActive, gpsChecking, online, batteryPercent, locationPermission, allowLocation };
}
