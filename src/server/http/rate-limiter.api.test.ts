import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../adapters/clock';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { AppError } from './app-error';
import { createRateLimiter, enforceRateLimit } from './rate-limiter';

describe('database rate limiter', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  const WINDOW_MS = 60_000;
  const setup = (name: string, limit = 3) => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    return { clock, sut: createRateLimiter(db, clock, { name, limit, windowMs: WINDOW_MS }) };
  };

  it('allows `limit` hits per key per window, then refuses with the seconds left', async () => {
    const { clock, sut } = setup('basic');
    for (let i = 1; i <= 3; i++) expect(await sut.consume('k')).toMatchObject({ allowed: true, hits: i });
    clock.advance(15_000);
    expect(await sut.consume('k')).toEqual({ allowed: false, hits: 4, retryAfterSeconds: 45 });
    expect((await sut.consume('other')).allowed).toBe(true);
    clock.advance(45_000);
    expect(await sut.consume('k')).toMatchObject({ allowed: true, hits: 1 });
  });

  it('records several hits at once and peeks at the count of the current window only', async () => {
    const { clock, sut } = setup('peek');
    expect(await sut.peek('k')).toBe(0);
    await sut.record('k', 5);
    await sut.record('k', 0);
    expect(await sut.peek('k')).toBe(5);
    expect(await sut.consume('k')).toMatchObject({ allowed: false, hits: 6 });
    expect(await sut.peek('other')).toBe(0);
    clock.advance(WINDOW_MS);
    expect(await sut.peek('k')).toBe(0);
  });

  it('refund gives one hit back and never goes below zero', async () => {
    const { sut } = setup('refund');
    await sut.consume('k');
    await sut.consume('k');
    await sut.refund('k');
    expect((await sut.consume('k')).hits).toBe(2);
    await sut.refund('fresh');
    expect((await sut.consume('fresh')).hits).toBe(1);
  });

  it('counts every one of many simultaneous hits exactly once', async () => {
    const { sut } = setup('concurrent', 10);
    const decisions = await Promise.all(Array.from({ length: 25 }, () => sut.consume('k')));
    expect(decisions.map((decision) => decision.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it('limiters with different names never share counters', async () => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const a = createRateLimiter(db, clock, { name: 'name-a', limit: 1, windowMs: WINDOW_MS });
    const b = createRateLimiter(db, clock, { name: 'name-b', limit: 1, windowMs: WINDOW_MS });
    expect((await a.consume('k')).allowed).toBe(true);
    expect((await b.consume('k')).allowed).toBe(true);
  });

  it('forgets finished windows of its own name when a new one starts', async () => {
    const { clock, sut } = setup('prune');
    await sut.consume('old-key');
    clock.advance(WINDOW_MS * 3);
    await sut.consume('new-key');
    const { rows } = await db.query<{ n: string | number }>(
      "SELECT count(*) AS n FROM rate_limit_counters WHERE starts_with(bucket, 'prune:')",
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('enforceRateLimit throws the 429 answer with Retry-After', async () => {
    const { sut } = setup('enforce', 1);
    await enforceRateLimit(sut, 'k');
    const error = await enforceRateLimit(sut, 'k').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', headers: { 'retry-after': '60' } });
  });

  it('with a slowdown, spaces hits out past the limit by a doubling delay instead of refusing the window', async () => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const sut = createRateLimiter(db, clock, {
      name: 'slowdown',
      limit: 2,
      windowMs: 3_600_000,
      slowdown: { firstDelayMs: 1000, maxDelayMs: 5000 },
    });
    expect(await sut.consume('k')).toMatchObject({ allowed: true, hits: 1 });
    expect(await sut.consume('k')).toMatchObject({ allowed: true, hits: 2 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await sut.consume('k');
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterSeconds);
      // A refused hit is not counted: asking again at once gives the same wait.
      expect(await sut.consume('k')).toEqual(refused);
      clock.advance(refused.retryAfterSeconds * 1000);
      expect((await sut.consume('k')).allowed).toBe(true);
    }
    expect(waits).toEqual([1, 2, 4, 5, 5]);
  });

  it('record counts a hit that is never refused, and it delays the next consume', async () => {
    const clock = manualClock(new Date('2026-03-01T10:00:00Z'));
    const sut = createRateLimiter(db, clock, {
      name: 'record',
      limit: 1,
      windowMs: 3_600_000,
      slowdown: { firstDelayMs: 2000, maxDelayMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) await sut.record('k');
    clock.advance(1000);
    expect(await sut.consume('k')).toEqual({ allowed: false, hits: 3, retryAfterSeconds: 7 });
  });
});
