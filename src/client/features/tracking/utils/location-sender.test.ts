import { describe, expect, it } from 'vitest';
import { LIVE_TRACKING } from '#shared/constants';
import { createLocationSender, shouldAccept, type OutgoingReading } from './location-sender';

const HALF = LIVE_TRACKING.intervalMs / 2;

function reading(n: number): Omit<OutgoingReading, 'online'> {
  return { latitude: 51 + n / 1000, longitude: -0.1, accuracy: 5, timestamp: n * 1000 };
}

function harness() {
  let nowMs = 0;
  let online = true;
  const queued: OutgoingReading[] = [];
  const sender = createLocationSender({
    queue: (outgoing) => void queued.push(outgoing),
    isOnline: () => online,
    now: () => nowMs,
  });
  return {
    sender,
    queued,
    advance: (ms: number) => {
      nowMs += ms;
    },
    setOnline: (value: boolean) => {
      online = value;
    },
  };
}

describe('shouldAccept', () => {
  it('accepts the first reading and any reading at least half the interval later', () => {
    expect(shouldAccept(null, 0, LIVE_TRACKING.intervalMs)).toBe(true);
    expect(shouldAccept(1000, 1000 + HALF - 1, LIVE_TRACKING.intervalMs)).toBe(false);
    expect(shouldAccept(1000, 1000 + HALF, LIVE_TRACKING.intervalMs)).toBe(true);
  });
});

// Batching, the cap and retries are the outbox's (lib/outbox/outbox.test.ts, with the location kind).
describe('createLocationSender', () => {
  it('queues a reading at once with the online flag, and skips readings sooner than half the interval', () => {
    const { sender, queued, advance, setOnline } = harness();
    expect(sender.offer({ ...reading(1), battery: 80 })).toBe(true);
    expect(queued).toEqual([{ ...reading(1), battery: 80, online: true }]);

    advance(HALF - 1);
    expect(sender.offer(reading(2))).toBe(false);
    advance(1);
    setOnline(false);
    expect(sender.offer(reading(3))).toBe(true);
    expect(queued.map((r) => [r.timestamp, r.online])).toEqual([
      [1000, true],
      [3000, false],
    ]);
  });
});
