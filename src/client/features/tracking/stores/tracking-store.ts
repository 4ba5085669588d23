import { LIVE_TRACKING } from '#shared/constants';
import type { PositionReading } from '../../../lib/device/geolocation';

/** What the one tracker (hooks/use-location-sharing.ts) knows right now, for the screens that show it. */
export type TrackingSnapshot = {
  /** The newest readings the tracker accepted, oldest first, at most LIVE_TRACKING.historySize. */
  readings: readonly PositionReading[];
  /**
   * The last failure of the position watch (GeolocationFailure.code, or GEOLOCATION_UNSUPPORTED); null once a
   * position arrived again. A code, not a message: the words load with the screens that show them.
   */
  errorCode: number | null;
  /** How many screens show the position: while any does, the device watches it even with sharing off. */
  demand: number;
};

export type TrackingStore = {
  subscribe(listener: () => void): () => void;
  getSnapshot(): TrackingSnapshot;
  record(reading: PositionReading): void;
  fail(code: number): void;
  /** Forgets readings and failure (sign-out, another person signing in). */
  clear(): void;
  /** A screen that shows the position asks the tracker to watch; call the returned function when it goes. */
  demand(): () => void;
};

/** Keeps the newest `size` readings: the new one last, the oldest dropped. */
export function appendReading(
  readings: readonly PositionReading[],
  reading: PositionReading,
  size: number = LIVE_TRACKING.historySize,
): readonly PositionReading[] {
  const next = [...readings, reading];
  return next.length > size ? next.slice(next.length - size) : next;
}

export function createTrackingStore(size: number = LIVE_TRACKING.historySize): TrackingStore {
  let snapshot: TrackingSnapshot = { readings: [], errorCode: null, demand: 0 };
  const listeners = new Set<() => void>();
  const update = (next: Partial<TrackingSnapshot>): void => {
    snapshot = { ...snapshot, ...next };
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    record(reading) {
      update({ readings: appendReading(snapshot.readings, reading, size), errorCode: null });
    },
    fail(code) {
      if (snapshot.errorCode !== code) update({ errorCode: code });
    },
    clear() {
      if (snapshot.readings.length > 0 || snapshot.errorCode !== null)
        update({ readings: [], errorCode: null });
    },
    demand() {
      update({ demand: snapshot.demand + 1 });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        update({ demand: snapshot.demand - 1 });
      };
    },
  };
}

/** The device's one tracking state, shared by the tracker and every screen that shows the position. */
export const trackingStore = createTrackingStore();
