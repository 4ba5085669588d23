import { describe, expect, it } from 'vitest';
import { DELIVERY_RETRY } from '../adapters/channels';
import { baseBackoffMs as backoff, decideRetry as decide } from './retry-policy';

const baseBackoffMs = (attempts: number): number => backoff(DELIVERY_RETRY, attempts);
const decideRetry = (input: Parameters<typeof decide>[1]) => decide(DELIVERY_RETRY, input);

const first = new Date('2026-01-01T00:00:00Z');
const plus = (ms: number): Date => new Date(first.getTime() + ms);

describe('retry policy (as alert deliveries use it)', () => {
  it('backs off 5 s, 15 s, 45 s, 2 min, 5 min, then every 10 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(baseBackoffMs)).toEqual([
      5000, 15_000, 45_000, 120_000, 300_000, 600_000, 600_000, 600_000,
    ]);
  });

  it('adds at most ±20 % jitter', () => {
    const at = (random: number) =>
      decideRetry({ attempts: 1, firstAttemptAt: first, now: first, random: () => random });
    expect(at(0)).toEqual({ retryAt: plus(4000) });
    expect(at(0.5)).toEqual({ retryAt: plus(5000) });
    expect(at(1)).toEqual({ retryAt: plus(6000) });
  });

  it('honours a longer Retry-After from the provider', () => {
    expect(
      decideRetry({
        attempts: 1,
        firstAttemptAt: first,
        now: first,
        retryAfterMs: 30_000,
        random: () => 0.5,
      }),
    ).toEqual({
      retryAt: plus(30_000),
    });
  });

  it('gives up after the last attempt', () => {
    expect(decideRetry({ attempts: DELIVERY_RETRY.maxAttempts, firstAttemptAt: first, now: first })).toEqual({
      giveUp: true,
    });
  });

  it('gives up when the next attempt would fall past an hour from the first', () => {
    const now = plus(55 * 60_000);
    expect(decideRetry({ attempts: 7, firstAttemptAt: first, now, random: () => 0.5 })).toEqual({
      giveUp: true,
    });
    expect(
      decideRetry({ attempts: 7, firstAttemptAt: first, now: plus(45 * 60_000), random: () => 0.5 }),
    ).toEqual({
      retryAt: plus(55 * 60_000),
    });
  });
});
