import { createHash } from 'node:crypto';
import { ERRORS } from '#shared/texts';
import type { Clock } from '../adapters/clock';
import type { Queryable } from '../db/database';
import { AppError } from './app-error';

export type RateLimitDecision = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /**
   * The value of `Retry-After` when refused: seconds until the window ends or, for a limiter that slows down,
   * until the next hit is allowed. When allowed: seconds until the window ends (0 for a slowed-down limiter).
   */
  retryAfterSeconds: number;
};

/**
 * Counts attempts per key in fixed windows. Counters live in the database (`rate_limit_counters`) so every
 * instance behind a load balancer shares them.
 */
export type RateLimiter = {
  /** Counts one attempt for `key` and says whether it is within the limit. */
  consume(key: string): Promise<RateLimitDecision>;
  /**
   * Counts `count` (default 1) attempts for `key` that are heard whatever the count (they still slow down the
   * next ones).
   */
  record(key: string, count?: number): Promise<void>;
  /** The hits counted for `key` in the current window, read without taking the counter's row lock. */
  peek(key: string): Promise<number>;
  /** Gives one counted attempt back (e.g. a sign-in that turned out to succeed). */
  refund(key: string): Promise<void>;
};

export type RateLimiterOptions = {
  /** Prefix of every bucket, so limiters never share counters. */
  name: string;
  /** Hits per window that are always allowed. */
  limit: number;
  windowMs: number;
  /**
   * Past `limit`, slow down instead of refusing for the rest of the window: a hit is allowed once
   * `firstDelayMs × 2^(hits − limit)` (at most `maxDelayMs`) have passed since the previous counted hit, and
   * refused with the time left before that. A refused hit is not counted, so waiting always gets through.
   */
  slowdown?: { firstDelayMs: number; maxDelayMs: number };
};

/**
 * When the next hit of a slowed-down counter `c` may come: its last hit plus the delay its count has earned. One
 * SQL expression for the conditional update and for the refusal's `Retry-After`, so they cannot disagree; the
 * arguments are the placeholders of limit, firstDelayMs and maxDelayMs.
 */
const nextAllowedAt = (limit: string, first: string, max: string): string =>
  `(c.last_hit_at + make_interval(secs => LEAST(${first}::float8 * power(2, c.hits - ${limit}), ${max}::float8) / 1000))`;

export function createRateLimiter(db: Queryable, clock: Clock, options: RateLimiterOptions): RateLimiter {
  const windowOf = (now: Date): { start: Date; end: Date } => {
    const start = Math.floor(now.getTime() / options.windowMs) * options.windowMs;
    return { start: new Date(start), end: new Date(start + options.windowMs) };
  };
  const prefix = `${options.name}:`;
  // Keys are e-mail addresses and IP addresses: store only a digest so the table holds no personal data.
  const bucketOf = (key: string): string =>
    prefix + createHash('sha256').update(key).digest('base64url').slice(0, 32);
  const secondsUntil = (end: Date, now: Date): number =>
    Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

  /**
   * Adds `count` hits unless `allowedWhen` (SQL over the row `c`; its placeholders start at $5) is false; returns
   * the new count, or null.
   */
  async function hit(
    key: string,
    now: Date,
    allowedWhen: string,
    extra: unknown[],
    count = 1,
  ): Promise<number | null> {
    const window = windowOf(now);
    const { rows } = await db.query<{ hits: number }>(
      `INSERT INTO rate_limit_counters AS c (bucket, window_start, hits, last_hit_at) VALUES ($1, $2, $4, $3)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + $4, last_hit_at = EXCLUDED.last_hit_at
       WHERE ${allowedWhen}
       RETURNING hits`,
      [bucketOf(key), window.start, now, count, ...extra],
    );
    if (rows.length === 0) return null;
    const hits = Number(rows[0]?.hits ?? count);
    // The first hits of a window are a good moment to forget this limiter's finished windows.
    if (hits === count) await pruneBefore(db, prefix, window.start);
    return hits;
  }

  async function consumeSlowed(
    key: string,
    slowdown: NonNullable<RateLimiterOptions['slowdown']>,
  ): Promise<RateLimitDecision> {
    const now = clock.now();
    const params = [options.limit, slowdown.firstDelayMs, slowdown.maxDelayMs];
    const allowed = `c.hits < $5 OR c.last_hit_at IS NULL OR ${nextAllowedAt('$5', '$6', '$7')} <= $3`;
    const hits = await hit(key, now, allowed, params);
    if (hits !== null) return { allowed: true, hits, retryAfterSeconds: 0 };
    const { rows } = await db.query<{ hits: number; next: Date }>(
      `SELECT c.hits, ${nextAllowedAt('$3', '$4', '$5')} AS next FROM rate_limit_counters c
       WHERE c.bucket = $1 AND c.window_start = $2`,
      [bucketOf(key), windowOf(now).start, ...params],
    );
    const row = rows[0];
    return {
      allowed: false,
      hits: Number(row?.hits ?? 0),
      retryAfterSeconds: secondsUntil(row?.next ?? now, now),
    };
  }

  return {
    async consume(key) {
      if (options.slowdown) return consumeSlowed(key, options.slowdown);
      const now = clock.now();
      const hits = (await hit(key, now, 'true', [])) ?? 1;
      return {
        allowed: hits <= options.limit,
        hits,
        retryAfterSeconds: secondsUntil(windowOf(now).end, now),
      };
    },
    async record(key, count = 1) {
      if (count > 0) await hit(key, clock.now(), 'true', [], count);
    },
    async peek(key) {
      const { rows } = await db.query<{ hits: number }>(
        'SELECT hits FROM rate_limit_counters WHERE bucket = $1 AND window_start = $2',
        [bucketOf(key), windowOf(clock.now()).start],
      );
      return Number(rows[0]?.hits ?? 0);
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
