import type { AlertLocation } from '#shared/schemas/alert';
import type { GeolocationAdapter } from '../../../lib/device/geolocation';

/**
 * The position for an alert, or null. Never waits longer than `timeoutMs` (document 1 §7: 5000 ms), even when
 * the browser ignores its own time-out (some do while asking for permission): an SOS without a location beats
 * an SOS that is late.
 */
export function getAlertLocation(
  geolocation: GeolocationAdapter,
  timeoutMs: number,
): Promise<AlertLocation | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    geolocation
      .getCurrentPosition({ timeoutMs, highAccuracy: true })
      .then(({ latitude, longitude, accuracy }) =>
        resolve({
          latitude,
          longitude,
          accuracy: Number.isFinite(accuracy) && accuracy >= 0 ? accuracy : null,
        }),
      )
      .catch(() => resolve(null))
      .finally(() => clearTimeout(timer));
  });
}
