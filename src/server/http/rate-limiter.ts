import { createHash } from 'node:crypto';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import { AppError } from './app-error';

export type RateLimitDecision = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (the value of `Retry-After`). */
  retryAfterSeconds: number;
};

/**
 * Counts attempts per key in fixed windows. Counters live in the database (`rate_limit_counters`) so every
 * instance behind a load balancer shares them.
 */
export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  consume(key: string): Promise<RateLimitDecision>;
  /** Gives one counted attempt back (e.g. a sign-in that turned out to succeed). */
  refund(key: string): Promise<void>;
};

export type RateLimiterOptions = {
  /** Prefix of every bucket, so limiters never share counters. */
  name: string;
  limit: number;
  windowMs: number;
};

export function createRateLimiter(db: Queryable, clock: Clock, options: RateLimiterOptions): RateLimiter {
  const windowOf = (now: Date): { start: Date; end: Date } => {
    const start = Math.floor(now.getTime() / options.windowMs) * options.windowMs;
    return { start: new Date(start), end: new Date(start + options.windowMs) };
  };
  const prefix = `${options.name}:`;
  // Keys are e-mail addresses and IP addresses: store only a digest so the table holds no personal data.
  const bucketOf = (key: string): string =>
    prefix + createHash('sha256').update(key).digest('base64url').slice(0, 32);

  return {
    async consume(key) {
      const now = clock.now();
      const window = windowOf(now);
      const { rows } = await db.query<{ hits: number }>(
        `INSERT INTO rate_limit_counters (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
         RETURNING hits`,
        [bucketOf(key), window.start],
      );
      const hits = Number(rows[0]?.hits ?? 1);
      // The first hit of a window is a good moment to forget this limiter's finished windows.
      if (hits === 1) await pruneBefore(db, prefix, window.start);
      return {
        allowed: hits <= options.limit,
        hits,
        retryAfterSeconds: Math.max(1, Math.ceil((window.end.getTime() - now.getTime()) / 1000)),
      };
    },
    async refund(key) {
      await db.query(
        'UPDATE rate_limit_counters SET hits = GREATEST(hits - 1, 0) WHERE bucket = $1 AND window_start = $2',
        [bucketOf(key), windowOf(clock.now()).start],
      );
    },
  };
}

async function pruneBefore(db: Queryable, prefix: string, windowStart: Date): Promise<void> {
  await db.query('DELETE FROM rate_limit_counters WHERE starts_with(bucket, $1) AND window_start < $2', [
    prefix,
    windowStart,
  ]);
}

/** The one 429 answer: same body and header shape for every limiter (`message` when a limit has its own words). */
export function tooManyRequests(
  decision: RateLimitDecision,
  message: string = ERRORS.tooManyRequests,
): AppError {
  return new AppError('rate_limited', message, {
    headers: { 'retry-after': String(decision.retryAfterSeconds) },
  });
}

/** Counts one attempt and throws the 429 answer when the key is over its limit. */
export async function enforceRateLimit(limiter: RateLimiter, key: string): Promise<RateLimitDecision> {
  const decision = await limiter.consume(key);
  if (!decision.allowed) throw tooManyRequests(decision);
  return decision;
}
