import { useEffect } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import { queueReading } from '../api/location-outbox';
import { createLocationSender } from '../utils/location-sender';

type LocationSharingOptions = {
  /** The signed-in person: readings are queued as theirs, and only ever sent while they are signed in. */
  userId: string | null;
  /** Signed in, location permission granted, and the profile's location_sharing_enabled is on. */
  enabled: boolean;
};

/**
 * Live location sharing from this device: watches the position with high accuracy (maximum
 * age 60 s, timeout 30 s) and posts each accepted reading with the battery level and online flag. Readings
 * taken offline wait in the device outbox (lib/outbox), which sends them when the network returns.
 * See docs/PRODUCT.md#live-location-and-share-links.
 */
export function useLocationSharing({ userId, enabled }: LocationSharingOptions): void {
  const { geolocation, battery, network } = useDevice();

  useEffect(() => {
    if (!enabled || !userId) return;
    let active = true;
    let batteryPercent: number | undefined;
    let stopBattery: (() => void) | null = null;
    void battery
      .watch((level) => {
        batteryPercent = Math.round(level * 100);
      })
      .then((stop) => {
        if (active) stopBattery = stop;
        else stop?.();
      });

    const sender = createLocationSender({
      queue: (reading) => {
        queueReading(userId, reading).catch((error: unknown) =>
          console.warn('Could not queue a reading', error),
        );
      },
      isOnline: () => network.isOnline(),
      now: () => Date.now(),
    });
    const stopWatching = geolocation.watchPosition(
      {
        highAccuracy: LIVE_TRACKING.highAccuracy,
        maximumAgeMs: LIVE_TRACKING.maximumAgeMs,
        timeoutMs: LIVE_TRACKING.timeoutMs,
      },
      (reading) => {
        sender.offer({ ...reading, battery: batteryPercent });
      },
      // Timeouts and missing fixes pass (the watch keeps trying); a withdrawn permission is noticed by
      // useLocationPermissionGranted, which then turns sharing off.
      () => undefined,
    );
    return () => {
      active = false;
      stopWatching();
      stopBattery?.();
    };
  }, [enabled, userId, geolocation, battery, network]);
}
