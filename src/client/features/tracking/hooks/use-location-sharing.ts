import { useEffect } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { isClientError } from '../../../lib/api-client';
import { useDevice } from '../../../lib/device/device-context';
import { postLocations } from '../api/post-locations';
import { createLocationSender } from '../utils/location-sender';

type LocationSharingOptions = {
  /** The signed-in person: a new person starts with an empty queue, never sending someone else's readings. */
  userId: string | null;
  /** Signed in, location permission granted, and the profile's location_sharing_enabled is on. */
  enabled: boolean;
};

/**
 * Live location sharing from this device: watches the position with high accuracy (maximum
 * age 60 s, timeout 30 s) and posts each accepted reading with the battery level and online flag. Readings
 * taken offline are queued and sent when the network returns.
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
      post: postLocations,
      isOnline: () => network.isOnline(),
      now: () => Date.now(),
      isPermanentFailure: isClientError,
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
    const stopNetwork = network.subscribe((online) => {
      if (online) void sender.flush();
    });

    return () => {
      active = false;
      stopWatching();
      stopNetwork();
      stopBattery?.();
    };
  }, [enabled, userId, geolocation, battery, network]);
}
