/**
 * When a failed job is tried again. Exponential-ish backoff with jitter (so many jobs failing together — a
 * provider outage — do not all come back in the same second), for at most `maxAttempts` attempts or
 * `giveUpAfterMs` from the first attempt, whichever comes first; then the job has failed.
 */
export type RetryPolicy = {
  /** Wait after the 1st, 2nd, … failed attempt; the last value repeats. */
  backoffMs: readonly number[];
  /** ± this share of the wait, at random. */
  jitter: number;
  maxAttempts: number;
  giveUpAfterMs: number;
};

/** The wait after `attempts` failed attempts (1-based), before jitter. */
export function baseBackoffMs(policy: RetryPolicy, attempts: number): number {
  const schedule = policy.backoffMs;
  return schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1]!;
}

export type RetryDecision = { retryAt: Date } | { giveUp: true };

export function decideRetry(
  policy: RetryPolicy,
  input: {
    attempts: number;
    firstAttemptAt: Date;
    now: Date;
    /** The provider's Retry-After, if it sent one: honoured when longer than our backoff. */
    retryAfterMs?: number;
    random?: () => number;
  },
): RetryDecision {
  if (input.attempts >= policy.maxAttempts) return { giveUp: true };
  const random = input.random ?? Math.random;
  const jittered = baseBackoffMs(policy, input.attempts) * (1 - policy.jitter + 2 * policy.jitter * random());
  const delay = Math.max(jittered, input.retryAfterMs ?? 0);
  const retryAt = new Date(input.now.getTime() + Math.round(delay));
  const deadline = input.firstAttemptAt.getTime() + policy.giveUpAfterMs;
  return retryAt.getTime() > deadline ? { giveUp: true } : { retryAt };
}
