import { LIVE_TRACKING, LOCATION_LIMITS } from '#shared/constants';
import type { LocationReading } from '#shared/schemas/location';

/** One reading as POST /api/locations takes it, with the device's battery and online flag at that moment. */
export type OutgoingReading = LocationReading & { timestamp: number; online: boolean };

/** What the server did with a batch: stored it, or ignored it because the person's sharing is off. */
export type PostOutcome = 'stored' | 'sharing_off';

export type LocationSenderDeps = {
  post(readings: OutgoingReading[]): Promise<PostOutcome>;
  isOnline(): boolean;
  now(): number;
  /** True for failures a retry cannot fix (the server refused the batch itself): that batch is dropped. */
  isPermanentFailure(error: unknown): boolean;
  intervalMs?: number;
  maxQueued?: number;
  maxPerRequest?: number;
};

export type LocationSender = {
  /** Takes a new position; false when it came sooner than half the interval after the last one (skipped). */
  offer(reading: Omit<OutgoingReading, 'online'>): boolean;
  /** Sends what is queued, in order, in batches; stops at the first failure that a retry may fix. */
  flush(): Promise<void>;
  /** Readings waiting to be sent. */
  pending(): number;
};

/** Updates arriving sooner than half the interval after the last accepted one are skipped. */
export function shouldAccept(lastAcceptedAt: number | null, nowMs: number, intervalMs: number): boolean {
  return lastAcceptedAt === null || nowMs - lastAcceptedAt >= intervalMs / 2;
}

/** Appends, dropping the oldest readings beyond `max` (the newest matter most to someone watching). */
export function enqueueReading<T>(queue: readonly T[], reading: T, max: number): T[] {
  const next = [...queue, reading];
  return next.length > max ? next.slice(next.length - max) : next;
}

/**
 * Live location from this device to the server: throttled, and batched while offline (or while the server cannot
 * be reached) so the route has no gap once the connection returns.
 */
export function createLocationSender(deps: LocationSenderDeps): LocationSender {
  const intervalMs = deps.intervalMs ?? LIVE_TRACKING.intervalMs;
  const maxQueued = deps.maxQueued ?? LIVE_TRACKING.maxQueuedReadings;
  const maxPerRequest = deps.maxPerRequest ?? LOCATION_LIMITS.maxReadingsPerRequest;
  let lastAcceptedAt: number | null = null;
  let queue: OutgoingReading[] = [];
  let flushing: Promise<void> | null = null;

  const sendQueued = async (): Promise<void> => {
    while (queue.length > 0 && deps.isOnline()) {
      const batch = queue.slice(0, maxPerRequest);
      try {
        await deps.post(batch);
      } catch (error) {
        if (!deps.isPermanentFailure(error)) return;
      }
      // Sent, ignored (sharing off) or refused for good: either way these readings are done. By identity, since
      // readings taken meanwhile were appended and the oldest may have been dropped.
      queue = queue.filter((reading) => !batch.includes(reading));
    }
  };

  // A flush asked for while one runs (a new reading, the network returning) runs again right after it.
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      await sendQueued();
    } while (again);
  };

  const flush = (): Promise<void> => {
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = run().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  return {
    offer(reading) {
      const nowMs = deps.now();
      if (!shouldAccept(lastAcceptedAt, nowMs, intervalMs)) return false;
      lastAcceptedAt = nowMs;
      queue = enqueueReading(queue, { ...reading, online: deps.isOnline() }, maxQueued);
      void flush();
      return true;
    },
    flush,
    pending: () => queue.length,
  };
}
