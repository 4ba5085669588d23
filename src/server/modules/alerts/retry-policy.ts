/**
 * When a failed text is tried again. Exponential-ish backoff with ±20 % jitter (so many texts failing together —
 * a provider outage — do not all come back in the same second), for at most MAX_ATTEMPTS attempts or one hour
 * from the first attempt, whichever comes first; then the delivery is `failed`.
 */
export const DELIVERY_RETRY = {
  /** Wait after the 1st, 2nd, … failed attempt; the last value repeats. */
  backoffMs: [5_000, 15_000, 45_000, 120_000, 300_000, 600_000],
  jitter: 0.2,
  maxAttempts: 10,
  giveUpAfterMs: 60 * 60_000,
} as const;

/** The wait after `attempts` failed attempts (1-based), before jitter. */
export function baseBackoffMs(attempts: number): number {
  const schedule = DELIVERY_RETRY.backoffMs;
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!;
}

export type RetryDecision = { retryAt: Date } | { giveUp: true };

export function decideRetry(input: {
  attempts: number;
  firstAttemptAt: Date;
  now: Date;
  /** The provider's Retry-After, if it sent one: honoured when longer than our backoff. */
  retryAfterMs?: number;
  random?: () => number;
}): RetryDecision {
  if (input.attempts >= DELIVERY_RETRY.maxAttempts) return { giveUp: true };
  const random = input.random ?? Math.random;
  const jittered =
    baseBackoffMs(input.attempts) * (1 - DELIVERY_RETRY.jitter + 2 * DELIVERY_RETRY.jitter * random());
  const delay = Math.max(jittered, input.retryAfterMs ?? 0);
  const retryAt = new Date(input.now.getTime() + Math.round(delay));
  const deadline = input.firstAttemptAt.getTime() + DELIVERY_RETRY.giveUpAfterMs;
  return retryAt.getTime() > deadline ? { giveUp: true } : { retryAt };
}
