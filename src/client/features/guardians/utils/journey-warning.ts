import { JOURNEY_GUARDIAN_TEXTS } from '#shared/journey-guardian-texts';
import type { JourneyWarning } from '#shared/schemas/journey';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { formatClockTime } from '../../../lib/time-format';

/**
 * The words of a journey warning: silence says since when the phone has been quiet, last_gasp how low its
 * battery is. `message` names the last position the server holds, if any.
 */
export function journeyWarningNotice(
  warning: JourneyWarning,
  name: string,
): { title: string; message: string } {
  const title =
    warning.kind === 'silence'
      ? JOURNEY_GUARDIAN_TEXTS.silence(name, formatClockTime(warning.last_signal_at))
      : warning.battery !== null
        ? JOURNEY_GUARDIAN_TEXTS.lastGasp(name, Math.round(warning.battery))
        : JOURNEY_GUARDIAN_TEXTS.lastGaspUnknown(name);
  return { title, message: lastPositionLine(warning) };
}

export function lastPositionLine(warning: JourneyWarning): string {
  const { location } = warning;
  if (!location) return JOURNEY_GUARDIAN_TEXTS.noLastPosition;
  return JOURNEY_GUARDIAN_TEXTS.lastPosition(
    formatCoordinates(location.latitude, location.longitude),
    formatClockTime(location.recorded_at),
  );
}
