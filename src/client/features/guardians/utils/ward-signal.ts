import { WARD_ONLINE_WITHIN_MS } from '#shared/constants';
import type { JourneyWarning } from '#shared/schemas/journey';
import type { Location } from '#shared/schemas/location';

/**
 * What the guardian view says of a ward's connection: `online` / `offline` as the phone reported with its newest
 * position; `no_signal` when that position is older than WARD_ONLINE_WITHIN_MS or a silence warning came after
 * it (the server found the phone quiet); null when nothing is known.
 */
export type WardSignal = 'online' | 'offline' | 'no_signal' | null;

/**
 * Derived from the ward's last signal, the same facts the card's "Last updated" line and its silence warning
 * show, so the badge never says Online above "No signal from <name> since…".
 */
export function wardSignal(
  location: Location | null,
  warnings: readonly JourneyWarning[],
  now: number,
): WardSignal {
  // A phone lying still keeps confirming its place (checked_at) without a new position.
  const lastSignal = location ? Date.parse(location.checked_at ?? location.recorded_at) : null;
  const silencedAfter = warnings.some(
    (warning) =>
      warning.kind === 'silence' && (lastSignal === null || Date.parse(warning.created_at) >= lastSignal),
  );
  if (silencedAfter) return 'no_signal';
  if (!location || lastSignal === null) return null;
  if (now - lastSignal > WARD_ONLINE_WITHIN_MS) return 'no_signal';
  if (location.online == null) return null;
  return location.online ? 'online' : 'offline';
}
