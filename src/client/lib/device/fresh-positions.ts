import type { GeolocationAdapter, PositionFix, PositionReading } from './geolocation';

export type FreshPositionOptions = {
  /** How often a fix is asked for (from the start of one ask to the start of the next). */
  intervalMs: number;
  /** How long one ask may wait for the device. */
  timeoutMs: number;
  highAccuracy: boolean;
};

/**
 * Asks the device for a fresh fix every `intervalMs` until the returned function is called. Maximum age 0: a
 * cached fix says nothing about where the phone is now, and a watch only reports movement, so a phone lying still
 * would otherwise send the same old fix again and again. One ask at a time: an ask slower than the interval
 * delays the next instead of piling up; a failed one waits for the next. Each reading carries the time the device
 * took it, so a browser that answers with an old fix anyway is not passed off as fresh.
 */
export function pollFreshPositions(
  geolocation: GeolocationAdapter,
  { intervalMs, timeoutMs, highAccuracy }: FreshPositionOptions,
  onReading: (reading: PositionReading) => void,
): () => void {
  let stopped = false;
  let timer: number | undefined;
  const ask = (): void => {
    const startedAt = Date.now();
    geolocation
      .getCurrentPosition({ timeoutMs, highAccuracy, maximumAgeMs: 0 })
      .then((fix) => {
        if (!stopped) onReading(toReading(fix));
      })
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = window.setTimeout(ask, Math.max(0, startedAt + intervalMs - Date.now()));
      });
  };
  timer = window.setTimeout(ask, intervalMs);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}

/** A fix as a reading; a fix without its time (a fake) is taken now. */
function toReading(fix: PositionFix): PositionReading {
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracy: fix.accuracy,
    speed: fix.speed ?? null,
    heading: fix.heading ?? null,
    altitude: null,
    timestamp: fix.timestamp ?? Date.now(),
  };
}
