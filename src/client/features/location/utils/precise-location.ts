import { LIVE_TRACKING, LOCATION_DIALOG } from '#shared/constants';
import { GEOLOCATION_ERROR_TEXTS } from '#shared/location-dialog-texts';
import {
  GEOLOCATION_UNSUPPORTED,
  type GeolocationAdapter,
  type Position,
} from '../../../lib/device/geolocation';

/** The smaller accuracy radius wins; an unknown (non-finite) accuracy never beats a known one. */
export function betterPosition(current: Position, candidate: Position): Position {
  if (!Number.isFinite(candidate.accuracy)) return current;
  if (!Number.isFinite(current.accuracy)) return candidate;
  return candidate.accuracy < current.accuracy ? candidate : current;
}

/**
 * The Your Location dialog's two-phase fix: a first fix (LOCATION_DIALOG.firstFixTimeoutMs, high accuracy),
 * reported at once through `onFix`, then one refinement (refinementTimeoutMs, a fresh fix) that is kept only when
 * more accurate. A failed refinement keeps the first fix; a failed first fix rejects with the browser's error.
 * The first fix may be one the device took in the last LIVE_TRACKING.maximumAgeMs: while the tracker watches the
 * position, a browser asked for a brand-new fix may wait for the next change of position (a phone lying still)
 * and time out; the refinement asks for a fresh one.
 */
export async function getPreciseLocation(
  geolocation: GeolocationAdapter,
  onFix: (position: Position) => void,
): Promise<Position> {
  const first = await geolocation.getCurrentPosition({
    timeoutMs: LOCATION_DIALOG.firstFixTimeoutMs,
    highAccuracy: true,
    maximumAgeMs: LIVE_TRACKING.maximumAgeMs,
  });
  onFix(first);
  try {
    const refined = await geolocation.getCurrentPosition({
      timeoutMs: LOCATION_DIALOG.refinementTimeoutMs,
      highAccuracy: true,
      maximumAgeMs: 0,
    });
    const best = betterPosition(first, refined);
    if (best !== first) onFix(best);
    return best;
  } catch {
    return first;
  }
}

/** The Geolocation message for a failed fix (GeolocationPositionError codes, or unsupported). */
export function geolocationErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case GEOLOCATION_UNSUPPORTED:
      return GEOLOCATION_ERROR_TEXTS.notSupported;
    case 1:
      return GEOLOCATION_ERROR_TEXTS.denied;
    case 2:
      return GEOLOCATION_ERROR_TEXTS.unavailable;
    case 3:
      return GEOLOCATION_ERROR_TEXTS.timeout;
    default:
      return GEOLOCATION_ERROR_TEXTS.failed;
  }
}
