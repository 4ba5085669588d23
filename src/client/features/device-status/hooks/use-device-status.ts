import { useEffect, useState } from 'react';
import { DEFAULT_BATTERY_PERCENT, GPS_CHECK_TIMEOUT_MS } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';

export type DeviceStatus = {
  /** True only after a position request succeeded. */
  gpsActive: boolean;
  online: boolean;
  /** Rounded percentage; DEFAULT_BATTERY_PERCENT when the battery interface is unavailable. */
  batteryPercent: number;
};

/** Device status (docs/PRODUCT.md#dashboard): one GPS check, online/offline and battery change events. */
export function useDeviceStatus(): DeviceStatus {
  const { geolocation, network, battery } = useDevice();
  const [gpsActive, setGpsActive] = useState(false);
  const [online, setOnline] = useState(() => network.isOnline());
  const [batteryPercent, setBatteryPercent] = useState(DEFAULT_BATTERY_PERCENT);

  useEffect(() => {
    let active = true;
    geolocation
      .getCurrentPosition({ timeoutMs: GPS_CHECK_TIMEOUT_MS })
      .then(() => {
        if (active) setGpsActive(true);
      })
      .catch(() => {
        // No fix (denied, timed out, unsupported): GPS stays off.
      });
    return () => {
      active = false;
    };
  }, [geolocation]);

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

  return { gpsActive, online, batteryPercent };
}
