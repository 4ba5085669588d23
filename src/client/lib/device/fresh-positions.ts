import type { GeolocationAdapter, GeolocationFailure, PositionFix, PositionReading } from './geolocation';

export type FreshPositionOptions = {
  /** How often a fix is asked for (from the start of one ask to the start of the next). */
  intervalMs: number;
  /** How long one ask may wait for the device. */
  timeoutMs: number;
  highAccuracy: boolean;
};

/**
 * Asks the device for a fresh fix now and then every `intervalMs`, until the returned function is called.
 * Maximum age 0: a cached fix says nothing about where the phone is now, and a watch reports only movement (and
 * while one runs, Chromium holds a fresh single fix until the phone moves), so a phone lying still would
 * otherwise send nothing new. One ask at a time: an ask slower than the interval delays the next instead of
 * piling up; a failed one is reported and waits for the next. A fix asked for with maximum age 0 is acquired
 * after the ask (the Geolocation API's contract), yet some position sources stamp it with the time of an earlier
 * acquisition (Chromium's emulated position carries the time it was set), which would make a phone lying still
 * look silent: its time is never earlier than the ask.
 */
export function pollFreshPositions(
  geolocation: GeolocationAdapter,
  { intervalMs, timeoutMs, highAccuracy }: FreshPositionOptions,
  onReading: (reading: PositionReading) => void,
  onError: (failure: GeolocationFailure) => void = () => undefined,
): () => void {
  let stopped = false;
  let timer: number | undefined;
  const ask = (): void => {
    const startedAt = Date.now();
    geolocation
      .getCurrentPosition({ timeoutMs, highAccuracy, maximumAgeMs: 0 })
      .then((fix) => {
        if (!stopped) onReading(toReading(fix, startedAt));
      })
      .catch((error: unknown) => {
        if (!stopped) onError(failureOf(error));
      })
      .finally(() => {
        if (!stopped) timer = window.setTimeout(ask, Math.max(0, startedAt + intervalMs - Date.now()));
      });
  };
  ask();
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}

/** A fix as a reading, taken no earlier than the ask (a fix without its time, from a fake, is taken now). */
function toReading(fix: PositionFix, askedAt: number): PositionReading {
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracy: fix.accuracy,
    speed: fix.speed ?? null,
    heading: fix.heading ?? null,
    altitude: null,
    timestamp: Math.max(fix.timestamp ?? Date.now(), askedAt),
  };
}

/** GeolocationPositionError's POSITION_UNAVAILABLE: what a failure without a code is taken for. */
const POSITION_UNAVAILABLE = 2;

/** A rejected ask as a watch reports failures: the browser's GeolocationPositionError code, when it has one. */
function failureOf(error: unknown): GeolocationFailure {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return { code: typeof code === 'number' ? code : POSITION_UNAVAILABLE, message };
}
