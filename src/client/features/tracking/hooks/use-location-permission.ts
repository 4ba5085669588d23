import { useEffect, useState } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';

/**
 * Whether the browser has already granted location, checked without prompting: live sharing never pops up a
 * permission request by itself (the Permissions screen and the location features ask). Re-checked every
 * tracking interval, so granting it elsewhere starts sharing without a reload.
 */
export function useLocationPermissionGranted(active: boolean): boolean {
  const { permissions } = useDevice();
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    if (!active) {
      setGranted(false);
      return;
    }
    let current = true;
    const check = (): void => {
      permissions
        .query('location')
        .then((state) => {
          if (current) setGranted(state === 'granted');
        })
        .catch(() => undefined);
    };
    check();
    const timer = window.setInterval(check, LIVE_TRACKING.intervalMs);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [active, permissions]);

  return granted;
}
