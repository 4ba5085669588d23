import { describe, expect, it, vi } from 'vitest';
import { LIVE_TRACKING } from '#shared/constants';
import {
  createLocationSender,
  enqueueReading,
  shouldAccept,
  type LocationSenderDeps,
  type OutgoingReading,
} from './location-sender';

const HALF = LIVE_TRACKING.intervalMs / 2;

function reading(n: number): Omit<OutgoingReading, 'online'> {
  return { latitude: 51 + n / 1000, longitude: -0.1, accuracy: 5, timestamp: n * 1000 };
}

function harness(overrides: Partial<LocationSenderDeps> = {}) {
  let nowMs = 0;
  let online = true;
  const posted: OutgoingReading[][] = [];
  const post = vi.fn<LocationSenderDeps['post']>(async (readings) => {
    posted.push(readings);
    return 'stored';
  });
  const sender = createLocationSender({
    post,
    isOnline: () => online,
    now: () => nowMs,
    isPermanentFailure: (error) => error instanceof Error && error.message === 'refused',
    ...overrides,
  });
  return {
    sender,
    post,
    posted,
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

describe('enqueueReading', () => {
  it('drops the oldest beyond the cap', () => {
    expect(enqueueReading([1, 2, 3], 4, 3)).toEqual([2, 3, 4]);
    expect(enqueueReading([1], 2, 3)).toEqual([1, 2]);
  });
});

describe('createLocationSender', () => {
  it('posts a reading at once with the online flag, and skips readings sooner than half the interval', async () => {
    const { sender, posted, advance } = harness();
    expect(sender.offer({ ...reading(1), battery: 80 })).toBe(true);
    await sender.flush();
    expect(posted).toEqual([[{ ...reading(1), battery: 80, online: true }]]);

    advance(HALF - 1);
    expect(sender.offer(reading(2))).toBe(false);
    advance(1);
    expect(sender.offer(reading(3))).toBe(true);
    await sender.flush();
    expect(posted.map((batch) => batch.map((r) => r.timestamp))).toEqual([[1000], [3000]]);
  });

  it('queues readings while offline and sends them in one batch, oldest first, when back online', async () => {
    const { sender, posted, advance, setOnline } = harness();
    setOnline(false);
    for (let n = 1; n <= 3; n += 1) {
      sender.offer(reading(n));
      advance(HALF);
    }
    await sender.flush();
    expect(posted).toEqual([]);
    expect(sender.pending()).toBe(3);

    setOnline(true);
    await sender.flush();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.map((r) => [r.timestamp, r.online])).toEqual([
      [1000, false],
      [2000, false],
      [3000, false],
    ]);
    expect(sender.pending()).toBe(0);
  });

  it('splits a long queue into requests of at most maxPerRequest', async () => {
    const { sender, posted, advance, setOnline } = harness({ maxPerRequest: 2 });
    setOnline(false);
    for (let n = 1; n <= 5; n += 1) {
      sender.offer(reading(n));
      advance(HALF);
    }
    setOnline(true);
    await sender.flush();
    expect(posted.map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it('keeps only the newest maxQueued readings while offline', async () => {
    const { sender, posted, advance, setOnline } = harness({ maxQueued: 2 });
    setOnline(false);
    for (let n = 1; n <= 4; n += 1) {
      sender.offer(reading(n));
      advance(HALF);
    }
    setOnline(true);
    await sender.flush();
    expect(posted[0]?.map((r) => r.timestamp)).toEqual([3000, 4000]);
  });

  it('keeps the queue when the server cannot be reached, and sends it on the next flush', async () => {
    const { sender, post, posted } = harness();
    post.mockRejectedValueOnce(new Error('network'));
    sender.offer(reading(1));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sender.pending()).toBe(1);
    await sender.flush();
    expect(posted).toHaveLength(1);
    expect(sender.pending()).toBe(0);
  });

  it('drops a batch the server refuses for good, so one bad reading cannot block the rest', async () => {
    const { sender, post } = harness();
    post.mockRejectedValueOnce(new Error('refused'));
    sender.offer(reading(1));
    await sender.flush();
    expect(sender.pending()).toBe(0);
  });

  it('never sends two batches at once', async () => {
    let release: () => void = () => undefined;
    const post = vi.fn<LocationSenderDeps['post']>(
      () =>
        new Promise((resolve) => {
          release = () => resolve('stored');
        }),
    );
    const { sender, advance } = harness({ post });
    sender.offer(reading(1));
    advance(HALF);
    sender.offer(reading(2));
    expect(post).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    release();
    await sender.flush();
    expect(post.mock.calls[1]?.[0].map((r) => r.timestamp)).toEqual([2000]);
  });
});
