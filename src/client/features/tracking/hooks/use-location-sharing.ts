import { useEffect } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import type { GeolocationAdapter, PositionReading } from '../../../lib/device/geolocation';
import { queueReading } from '../api/location-outbox';
import { createLocationSender } from '../utils/location-sender';

type LocationSharingOptions = {
  /** The signed-in person: readings are queued as theirs, and only ever sent while they are signed in. */
  userId: string | null;
  /** Signed in, location permission granted, and the profile's location_sharing_enabled is on. */
  enabled: boolean;
  /**
   * Set while the person has an active alert (LIVE_TRACKING.activeAlertIntervalMs): a fresh fix is also asked for
   * this often, so their position goes out at this rate even when the phone reports no movement.
   */
  activeAlertIntervalMs?: number;
};

/**
 * Live location sharing from this device: watches the position with high accuracy (maximum
 * age 60 s, timeout 30 s) and posts each accepted reading with the battery level and online flag. Readings
 * taken offline wait in the device outbox (lib/outbox), which sends them when the network returns.
 * See docs/PRODUCT.md#live-location-and-share-links.
 */
export function useLocationSharing({ userId, enabled, activeAlertIntervalMs }: LocationSharingOptions): void {
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
      intervalMs: activeAlertIntervalMs ?? LIVE_TRACKING.intervalMs,
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
    const stopPolling = activeAlertIntervalMs
      ? pollPosition(geolocation, activeAlertIntervalMs, (reading) =>
          sender.offer({ ...reading, battery: batteryPercent }),
        )
      : undefined;
    return () => {
      active = false;
      stopWatching();
      stopPolling?.();
      stopBattery?.();
    };
  }, [enabled, userId, geolocation, battery, network, activeAlertIntervalMs]);
}

/** Asks for a fresh fix every `intervalMs` (a watch only reports movement); a failed ask waits for the next. */
function pollPosition(
  geolocation: GeolocationAdapter,
  intervalMs: number,
  offer: (reading: PositionReading) => void,
): () => void {
  const timer = window.setInterval(() => {
    geolocation
      .getCurrentPosition({
        timeoutMs: intervalMs,
        highAccuracy: LIVE_TRACKING.highAccuracy,
        maximumAgeMs: 0,
      })
      .then((position) =>
        // maximumAge 0: the fix is taken now, so now is its time.
        offer({ ...position, speed: null, heading: null, altitude: null, timestamp: Date.now() }),
      )
      .catch(() => undefined);
  }, intervalMs);
  return () => window.clearInterval(timer);
}
