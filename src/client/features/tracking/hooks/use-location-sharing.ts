import { useEffect } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import { pollFreshPositions } from '../../../lib/device/fresh-positions';
import type { GeolocationFailure, PositionReading } from '../../../lib/device/geolocation';
import { queueReading } from '../api/location-outbox';
import { trackingStore } from '../stores/tracking-store';
import { createLocationSender } from '../utils/location-sender';

type LocationSharingOptions = {
  /** The signed-in person: readings are queued as theirs, and only ever sent while they are signed in. */
  userId: string | null;
  /** Signed in, location permission granted, and the profile's location_sharing_enabled is on: readings are sent. */
  enabled: boolean;
  /**
   * Signed in and permission granted, and a screen shows the position (trackingStore.demand): the position is
   * watched and kept in the history even while sharing is off; nothing is sent then.
   */
  watchOnly?: boolean;
  /**
   * Set while the person has an active alert (LIVE_TRACKING.activeAlertIntervalMs): instead of watching, a fresh
   * fix (never a cached one) is asked for this often (lib/device/fresh-positions.ts), so a position goes out at
   * this rate even when the phone reports no movement; the server keeps a still phone's as a new check of its
   * place.
   */
  activeAlertIntervalMs?: number;
};

/**
 * The device's one location tracker (docs/PRODUCT.md#live-location-and-share-links): watches the position with
 * high accuracy (maximum age 60 s, timeout 30 s; during an alert a fresh fix every 5 s instead), skips readings sooner than half the interval, keeps the newest
 * LIVE_TRACKING.historySize accepted readings and the last failure in `trackingStore` (screens read them with
 * useTrackedLocation), and, while sharing is on, posts each accepted reading with the battery level and online
 * flag. Readings taken offline wait in the device outbox (lib/outbox), which sends them when the network returns.
 * Nothing else in the app watches the position.
 */
export function useLocationSharing({
  userId,
  enabled,
  watchOnly = false,
  activeAlertIntervalMs,
}: LocationSharingOptions): void {
  const { geolocation, battery, network } = useDevice();
  const watching = enabled || watchOnly;

  useEffect(() => {
    // Someone else's readings never show to the next person on a shared device.
    trackingStore.clear();
  }, [userId]);

  useEffect(() => {
    if (!watching || !userId) return;
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
      queue: (outgoing) => {
        // Watching only (a screen shows the position, sharing is off): nothing leaves the device.
        if (!enabled) return;
        queueReading(userId, outgoing).catch((error: unknown) =>
          console.warn('Could not queue a reading', error),
        );
      },
      isOnline: () => network.isOnline(),
      now: () => Date.now(),
      intervalMs: activeAlertIntervalMs ?? LIVE_TRACKING.intervalMs,
    });
    const offer = (reading: PositionReading): void => {
      if (sender.offer({ ...reading, battery: batteryPercent })) trackingStore.record(reading);
    };
    // The watch keeps trying after a timeout or a missing fix; the failure shows where the position is shown
    // until a position arrives. A withdrawn permission is also noticed by useLocationPermissionGranted.
    const fail = (failure: GeolocationFailure): void => trackingStore.fail(failure.code);
    // During an alert a fresh fix every interval instead of the watch: a watch reports only movement, and while
    // one runs the browser holds a fresh single fix until the phone moves (Chromium does).
    const stopTracking = activeAlertIntervalMs
      ? pollFreshPositions(
          geolocation,
          {
            intervalMs: activeAlertIntervalMs,
            timeoutMs: LIVE_TRACKING.timeoutMs,
            highAccuracy: LIVE_TRACKING.highAccuracy,
          },
          offer,
          fail,
        )
      : geolocation.watchPosition(
          {
            highAccuracy: LIVE_TRACKING.highAccuracy,
            maximumAgeMs: LIVE_TRACKING.maximumAgeMs,
            timeoutMs: LIVE_TRACKING.timeoutMs,
          },
          offer,
          fail,
        );
    return () => {
      active = false;
      stopTracking();
      stopBattery?.();
    };
  }, [watching, enabled, userId, geolocation, battery, network, activeAlertIntervalMs]);
}
