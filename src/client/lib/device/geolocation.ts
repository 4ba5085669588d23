/** Browser geolocation behind a small interface, so tests and the permission screen can fake it. */
export type Position = { latitude: number; longitude: number; accuracy: number };

/** A full reading for live tracking (docs/PRODUCT.md#location-readings); unknown values are null. */
export type PositionReading = Position & {
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  /** When the device took it, epoch ms. */
  timestamp: number;
};

/** One fix: the position, and what else the device reported with it (older fakes report only the position). */
export type PositionFix = Position & Partial<Pick<PositionReading, 'speed' | 'heading' | 'timestamp'>>;

export type WatchPositionOptions = { highAccuracy: boolean; maximumAgeMs: number; timeoutMs: number };

/**
 * `code` follows GeolocationPositionError: 1 denied, 2 unavailable, 3 timeout; GEOLOCATION_UNSUPPORTED (0) when
 * the browser has no geolocation at all.
 */
export type GeolocationFailure = { code: number; message: string };

/** Not one of GeolocationPositionError's codes: the browser has no geolocation. */
export const GEOLOCATION_UNSUPPORTED = 0;

export type GeolocationAdapter = {
  /** False when the browser has no geolocation at all (absent: assume it has). */
  isSupported?(): boolean;
  /** Resolves with one position, or rejects with the browser's GeolocationPositionError (or an Error). */
  getCurrentPosition(options: {
    timeoutMs: number;
    highAccuracy?: boolean;
    maximumAgeMs?: number;
  }): Promise<PositionFix>;
  /** Reports every new position until the returned function is called. */
  watchPosition(
    options: WatchPositionOptions,
    onPosition: (reading: PositionReading) => void,
    onError: (failure: GeolocationFailure) => void,
  ): () => void;
};

/** Browsers report unknown speed/heading/altitude as null or NaN; the API wants null. */
function finiteOrNull(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

export const browserGeolocation: GeolocationAdapter = {
  isSupported: () => 'geolocation' in navigator,
  getCurrentPosition({ timeoutMs, highAccuracy = true, maximumAgeMs = 0 }) {
    return new Promise((resolve, reject) => {
      if (!('geolocation' in navigator)) {
        reject(Object.assign(new Error('Geolocation is not supported'), { code: GEOLOCATION_UNSUPPORTED }));
        return;
      }
      navigator.geolocation.getCurrentPosition(
        ({ coords, timestamp }) =>
          resolve({
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: coords.accuracy,
            speed: finiteOrNull(coords.speed),
            heading: finiteOrNull(coords.heading),
            timestamp,
          }),
        reject,
        { enableHighAccuracy: highAccuracy, timeout: timeoutMs, maximumAge: maximumAgeMs },
      );
    });
  },
  watchPosition({ highAccuracy, maximumAgeMs, timeoutMs }, onPosition, onError) {
    if (!('geolocation' in navigator)) {
      onError({ code: GEOLOCATION_UNSUPPORTED, message: 'Geolocation is not supported' });
      return () => undefined;
    }
    const id = navigator.geolocation.watchPosition(
      ({ coords, timestamp }) =>
        onPosition({
          latitude: coords.latitude,
          longitude: coords.longitude,
          accuracy: coords.accuracy,
          speed: finiteOrNull(coords.speed),
          heading: finiteOrNull(coords.heading),
          altitude: finiteOrNull(coords.altitude),
          timestamp,
        }),
      (error) => onError({ code: error.code, message: error.message }),
      { enableHighAccuracy: highAccuracy, maximumAge: maximumAgeMs, timeout: timeoutMs },
    );
    return () => navigator.geolocation.clearWatch(id);
  },
};
