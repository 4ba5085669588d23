import { LIVE_TRACKING } from '#shared/constants';
import type { LocationReading } from '#shared/schemas/location';

/** One reading as POST /api/locations takes it, with the device's battery and online flag at that moment. */
export type OutgoingReading = LocationReading & { timestamp: number; online: boolean };

/** What the server did with a batch: stored it, or ignored it because the person's sharing is off. */
export type PostOutcome = 'stored' | 'sharing_off';

export type LocationSenderDeps = {
  /** Puts the reading in the outbox, which sends it (batched, capped, retried: see api/location-outbox.ts). */
  queue(reading: OutgoingReading): void;
  isOnline(): boolean;
  now(): number;
  intervalMs?: number;
};

export type LocationSender = {
  /** Takes a new position; false when it came sooner than half the interval after the last one (skipped). */
  offer(reading: Omit<OutgoingReading, 'online'>): boolean;
};

/** Updates arriving sooner than half the interval after the last accepted one are skipped. */
export function shouldAccept(lastAcceptedAt: number | null, nowMs: number, intervalMs: number): boolean {
  return lastAcceptedAt === null || nowMs - lastAcceptedAt >= intervalMs / 2;
}

/** Live location from this device: throttled here, then queued in the outbox so no reading is lost offline. */
export function createLocationSender(deps: LocationSenderDeps): LocationSender {
  const intervalMs = deps.intervalMs ?? LIVE_TRACKING.intervalMs;
  let lastAcceptedAt: number | null = null;
  return {
    offer(reading) {
      const nowMs = deps.now();
      if (!shouldAccept(lastAcceptedAt, nowMs, intervalMs)) return false;
      lastAcceptedAt = nowMs;
      deps.queue({ ...reading, online: deps.isOnline() });
      return true;
    },
  };
}
