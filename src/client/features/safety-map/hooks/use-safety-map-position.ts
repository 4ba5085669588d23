import { useEffect, useState } from 'react';
import { LIVE_TRACKING } from '#shared/constants';
import { useDevice } from '../../../lib/device/device-context';
import type { GeolocationFailure, Position } from '../../../lib/device/geolocation';

/** Readings sooner than this after the last one shown are skipped: half the Safety Map's interval. */
export const SAFETY_MAP_MIN_GAP_MS = LIVE_TRACKING.safetyMapIntervalMs / 2;

export type SafetyMapPosition = {
  /** The latest fix; null until the device gives one (never a made-up position). */
  position: Position | null;
  /** What the device last reported when it could not give a first position (denied, unavailable, timed out). */
  failure: GeolocationFailure | null;
};

/**
 * The Safety Map's own watch of the device position, with the live-tracking options (high accuracy, max age
 * 60 s, time-out 30 s). It only reads positions for the map: nothing is sent to the server but the nearby-places
 * question.
 */
export function useSafetyMapPosition(): SafetyMapPosition {
  const { geolocation } = useDevice();
  const [state, setState] = useState<SafetyMapPosition>({ position: null, failure: null });

  useEffect(() => {
    let lastShownAt = Number.NEGATIVE_INFINITY;
    return geolocation.watchPosition(
      {
        highAccuracy: LIVE_TRACKING.highAccuracy,
        maximumAgeMs: LIVE_TRACKING.maximumAgeMs,
        timeoutMs: LIVE_TRACKING.timeoutMs,
      },
      ({ latitude, longitude, accuracy }) => {
        const now = Date.now();
        if (now - lastShownAt < SAFETY_MAP_MIN_GAP_MS) return;
        lastShownAt = now;
        setState({ position: { latitude, longitude, accuracy }, failure: null });
      },
      // A failure after a fix keeps the last position on the map; the watch keeps trying.
      (failure) => setState((previous) => (previous.position ? previous : { position: null, failure })),
    );
  }, [geolocation]);

  return state;
}
