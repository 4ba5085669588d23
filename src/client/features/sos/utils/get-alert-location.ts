import type { AlertLocation } from '#shared/schemas/alert';
import type { GeolocationAdapter } from '../../../lib/device/geolocation';
import { SOS } from '#shared/constants';

/**
 * The position for an alert, or null. Never waits longer than `timeoutMs` (5000 ms for an SOS), even when
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
      // A fix up to a minute old is fine for an SOS and answers at once; while location sharing watches the
      // position, a browser may otherwise wait for the next change of position and time out.
      .getCurrentPosition({ timeoutMs, highAccuracy: true, maximumAgeMs: SOS.maxPositionAgeMs })
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
