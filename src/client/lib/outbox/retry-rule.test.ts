import { describe, expect, it } from 'vitest';
import { OUTBOX_RETRY } from '#shared/constants';
import { nextWakeDelayMs, retryDelayMs } from './retry-rule';

describe('retryDelayMs', () => {
  it('doubles from the first delay up to the cap', () => {
    const noJitter = (): number => 0;
    expect([1, 2, 3, 4, 5, 6, 20].map((attempts) => retryDelayMs(attempts, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });

  it('only ever comes sooner with jitter, never later than the cap', () => {
    expect(retryDelayMs(1, () => 1)).toBe(OUTBOX_RETRY.firstDelayMs * (1 - OUTBOX_RETRY.jitter));
    expect(retryDelayMs(9, () => 0.999)).toBeLessThanOrEqual(OUTBOX_RETRY.maxDelayMs);
    expect(retryDelayMs(9, () => 0.999)).toBeGreaterThanOrEqual(
      OUTBOX_RETRY.maxDelayMs * (1 - OUTBOX_RETRY.jitter),
    );
  });
});

describe('nextWakeDelayMs', () => {
  it('is null when nothing waits', () => {
    expect(nextWakeDelayMs([], 0)).toBeNull();
  });

  it('waits until the earliest next attempt, at least the first delay and at most the cap', () => {
    expect(nextWakeDelayMs([10_000, 5000], 1000)).toBe(4000);
    expect(nextWakeDelayMs([0], 1000)).toBe(OUTBOX_RETRY.firstDelayMs);
    expect(nextWakeDelayMs([10 * 60_000], 0)).toBe(OUTBOX_RETRY.maxDelayMs);
  });
});
