import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../adapters/clock';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import * as repo from './job-repository';
import {
  cancelJob,
  cancelJobs,
  enqueueJobs,
  ensurePeriodicJob,
  GAVE_UP_ERROR,
  jobTask,
  rearmJob,
  rescheduleJob,
  type Attempt,
  type JobHandler,
  type Settlement,
} from './jobs';
import { createScheduler } from './scheduler';

const RETRY = { backoffMs: [5_000], jitter: 0, maxAttempts: 3, giveUpAfterMs: 60 * 60_000 };
const log = { error: () => undefined, warn: () => undefined };

function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the job table', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  const statusOf = async (kind: string, key: string) =>
    (
      await db.query<{ status: string; attempts: number; last_error: string | null; due_at: Date }>(
        'SELECT status, attempts, last_error, due_at FROM scheduled_jobs WHERE kind = $1 AND key = $2',
        [kind, key],
      )
    ).rows[0];

  /** A handler that records what it was asked and answers what `answer` says. */
  function handler(
    kind: string,
    answer: (key: string) => Promise<Attempt<string>> | Attempt<string>,
    options: Partial<JobHandler<string>> = {},
  ) {
    const settled: Array<{ key: string; settlement: Settlement<string> }> = [];
    const h: JobHandler<string> = {
      kind,
      retry: RETRY,
      leaseMs: 30_000,
      concurrency: 10,
      attempt: async (job) => answer(job.key),
      async settle(_tx, job, settlement) {
        settled.push({ key: job.key, settlement });
      },
      ...options,
    };
    return { handler: h, settled };
  }

  it('gives concurrent claimers (other instances) disjoint jobs, and a leased job to nobody else', async () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    await enqueueJobs(
      db,
      keys.map((key) => ({ kind: 'claims', key, dueAt: now })),
      now,
    );
    const claim = (at: Date, limit = 12) =>
      repo.claimDueJobs(db, {
        kind: 'claims',
        now: at,
        leaseUntil: new Date(at.getTime() + 30_000),
        limit,
        maxAttempts: 3,
      });
    const claims = await Promise.all([claim(now), claim(now), claim(now)]);
    const ids = claims.flat().map((job) => job.key);
    expect(ids.sort()).toEqual([...keys].sort());
    expect(await claim(now)).toEqual([]);
    // Once the lease has run out (the claimer died), the job is claimed again, as its second attempt.
    const reclaimed = await claim(new Date(now.getTime() + 30_001), 50);
    expect(reclaimed.map((job) => job.attempts)).toEqual(Array(12).fill(2));
  });

  it('ignores a stale claimer’s settlement once another has taken the job over', async () => {
    const now = new Date('2026-05-01T11:00:00Z');
    await enqueueJobs(db, [{ kind: 'fence', key: 'one', dueAt: now }], now);
    const claim = (at: Date) =>
      repo.claimDueJobs(db, {
        kind: 'fence',
        now: at,
        leaseUntil: new Date(at.getTime() + 1000),
        limit: 5,
        maxAttempts: 9,
      });
    const [stale] = await claim(now);
    const later = new Date(now.getTime() + 2000);
    const [fresh] = await claim(later);
    expect(fresh!.attempts).toBe(2);
    expect(await repo.settleJob(db, stale!, { status: 'failed', error: 'stale' }, later)).toBe(false);
    expect(await repo.settleJob(db, fresh!, { status: 'done' }, later)).toBe(true);
    expect(await statusOf('fence', 'one')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('retries with the kind’s backoff, then gives up; settles the module’s rows in the same step', async () => {
    const clock = manualClock(new Date('2026-05-01T12:00:00Z'));
    const { handler: h, settled } = handler('retry', () => ({ outcome: 'retry', error: 'busy' }));
    const task = jobTask(h, { db, clock, log, kick: () => undefined });
    await enqueueJobs(db, [{ kind: 'retry', key: 'r', dueAt: clock.now() }], clock.now());
    const round = async () => Promise.all((await task.run()).started ?? []);
    await round();
    expect(await statusOf('retry', 'r')).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'busy',
    });
    expect(settled.at(-1)?.settlement).toEqual({
      status: 'pending',
      dueAt: new Date(clock.now().getTime() + 5000),
      error: 'busy',
    });
    await round(); // not due yet: nothing happens
    expect(settled).toHaveLength(1);
    clock.advance(5000);
    await round();
    clock.advance(5000);
    await round();
    expect(await statusOf('retry', 'r')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(settled.map((s) => s.settlement.status)).toEqual(['pending', 'pending', 'failed']);
  });

  it('fails a job whose every attempt died with its worker, instead of looping forever', async () => {
    const clock = manualClock(new Date('2026-05-01T13:00:00Z'));
    const { handler: h, settled } = handler('crashy', () => ({ outcome: 'done', value: 'never' }));
    await enqueueJobs(db, [{ kind: 'crashy', key: 'c', dueAt: clock.now() }], clock.now());
    await db.query(
      `UPDATE scheduled_jobs SET status = 'running', attempts = 3, locked_until = $1 WHERE kind = 'crashy'`,
      [new Date(clock.now().getTime() - 1)],
    );
    const task = jobTask(h, { db, clock, log, kick: () => undefined });
    await task.run();
    expect(await statusOf('crashy', 'c')).toMatchObject({ status: 'failed', last_error: GAVE_UP_ERROR });
    expect(settled).toEqual([{ key: 'c', settlement: { status: 'failed', error: GAVE_UP_ERROR } }]);
  });

  it('runs attempts independently: one that hangs never holds back the others', async () => {
    const clock = manualClock(new Date('2026-05-01T14:00:00Z'));
    const hang = deferred<Attempt<string>>();
    const done: string[] = [];
    const { handler: h } = handler('independent', async (key) => {
      if (key === 'slow') return hang.promise;
      done.push(key);
      return { outcome: 'done', value: key };
    });
    const scheduler = createScheduler({ intervalMs: 60_000, enabled: true, log });
    scheduler.add(jobTask(h, { db, clock, log, kick: (kind) => scheduler.kick(kind) }));
    await enqueueJobs(db, [{ kind: 'independent', key: 'slow', dueAt: clock.now() }], clock.now());
    const slow = scheduler.runNow('independent');
    await enqueueJobs(db, [{ kind: 'independent', key: 'fast', dueAt: clock.now() }], clock.now());
    // runNow would wait for the hanging attempt too; a kick only asks for another round.
    scheduler.kick('independent');
    await expect.poll(() => done).toEqual(['fast']);
    await expect.poll(() => statusOf('independent', 'fast')).toMatchObject({ status: 'done' });
    expect(await statusOf('independent', 'slow')).toMatchObject({ status: 'running' });
    hang.resolve({ outcome: 'done', value: 'slow' });
    await slow;
    await scheduler.stop();
    expect(await statusOf('independent', 'slow')).toMatchObject({ status: 'done' });
  });

  it('claims no more than `concurrency` at once, and picks up the rest as slots free', async () => {
    const clock = manualClock(new Date('2026-05-01T15:00:00Z'));
    const gates = new Map<string, ReturnType<typeof deferred<Attempt<string>>>>();
    let running = 0;
    let most = 0;
    const { handler: h } = handler(
      'bounded',
      async (key) => {
        running++;
        most = Math.max(most, running);
        const gate = deferred<Attempt<string>>();
        gates.set(key, gate);
        const result = await gate.promise;
        running--;
        return result;
      },
      { concurrency: 2 },
    );
    const scheduler = createScheduler({ intervalMs: 60_000, enabled: true, log });
    scheduler.add(jobTask(h, { db, clock, log, kick: (kind) => scheduler.kick(kind) }));
    await enqueueJobs(
      db,
      ['a', 'b', 'c'].map((key) => ({ kind: 'bounded', key, dueAt: clock.now() })),
      clock.now(),
    );
    void scheduler.runNow('bounded');
    await expect.poll(() => gates.size).toBe(2);
    const first = [...gates.keys()][0]!;
    gates.get(first)!.resolve({ outcome: 'done', value: first });
    // The freed slot wakes the runner, which claims the third job.
    await expect.poll(() => gates.size).toBe(3);
    for (const gate of gates.values()) gate.resolve({ outcome: 'done', value: '' });
    await scheduler.stop();
    expect(most).toBe(2);
  });

  it('moves and cancels a job that has not run yet (a deadline extended or ended)', async () => {
    const now = new Date('2026-05-01T16:00:00Z');
    await enqueueJobs(db, [{ kind: 'deadline', key: 'escort-1', dueAt: now }], now);
    const later = new Date(now.getTime() + 600_000);
    expect(await rescheduleJob(db, { kind: 'deadline', key: 'escort-1' }, later, now)).toBe(true);
    expect((await statusOf('deadline', 'escort-1'))?.due_at).toEqual(later);
    expect(
      await repo.claimDueJobs(db, { kind: 'deadline', now, leaseUntil: later, limit: 5, maxAttempts: 3 }),
    ).toEqual([]);
    expect(await cancelJob(db, { kind: 'deadline', key: 'escort-1' }, now)).toBe(true);
    expect(await statusOf('deadline', 'escort-1')).toMatchObject({ status: 'cancelled' });
    // Enqueueing the same kind and key again changes nothing: one deadline, one alert.
    await enqueueJobs(db, [{ kind: 'deadline', key: 'escort-1', dueAt: now }], now);
    expect(await statusOf('deadline', 'escort-1')).toMatchObject({ status: 'cancelled' });
  });

  it('cancels several jobs of a kind at once: only those not finished, and no other kind', async () => {
    const now = new Date('2026-05-01T16:30:00Z');
    const keys = ['text-1', 'text-2', 'text-3'];
    await enqueueJobs(
      db,
      [
        ...keys.map((key) => ({ kind: 'text', key, dueAt: now })),
        { kind: 'call', key: 'text-1', dueAt: now },
      ],
      now,
    );
    expect(await cancelJobs(db, 'text', ['text-1'], now)).toBe(1);
    expect(await cancelJobs(db, 'text', [...keys, 'text-4'], now)).toBe(2);
    expect(await cancelJobs(db, 'text', [], now)).toBe(0);
    for (const key of keys) expect(await statusOf('text', key)).toMatchObject({ status: 'cancelled' });
    expect(await statusOf('call', 'text-1')).toMatchObject({ status: 'pending' });
  });

  it('re-arms a deadline job whatever its state; a claimer running the old deadline then settles nothing', async () => {
    const now = new Date('2026-05-01T17:00:00Z');
    const job = { kind: 'deadline', key: 'checkin-1' };
    const later = new Date(now.getTime() + 600_000);
    // Running: the claimer's settlement is fenced off and the job waits for the new time.
    await enqueueJobs(db, [{ ...job, dueAt: now }], now);
    const [claimed] = await repo.claimDueJobs(db, {
      kind: 'deadline',
      now,
      leaseUntil: later,
      limit: 5,
      maxAttempts: 3,
    });
    expect(claimed?.key).toBe('checkin-1');
    await rearmJob(db, job, later, now);
    expect(await repo.settleJob(db, claimed!, { status: 'done' }, now)).toBe(false);
    expect(await statusOf('deadline', 'checkin-1')).toMatchObject({ status: 'pending', due_at: later });
    // Done (or cancelled): waiting again, with a fresh series of attempts.
    const [again] = await repo.claimDueJobs(db, {
      kind: 'deadline',
      now: later,
      leaseUntil: new Date(later.getTime() + 30_000),
      limit: 5,
      maxAttempts: 3,
    });
    expect(await repo.settleJob(db, again!, { status: 'done' }, later)).toBe(true);
    const next = new Date(later.getTime() + 600_000);
    await rearmJob(db, job, next, later);
    expect(await statusOf('deadline', 'checkin-1')).toMatchObject({
      status: 'pending',
      due_at: next,
      attempts: 0,
    });
    // None yet: one is made.
    await rearmJob(db, { kind: 'deadline', key: 'checkin-2' }, next, later);
    expect(await statusOf('deadline', 'checkin-2')).toMatchObject({ status: 'pending', due_at: next });
  });

  it('a periodic job runs, then is due again a period later, whatever the outcome', async () => {
    const clock = manualClock(new Date('2026-05-01T17:00:00Z'));
    let runs = 0;
    const { handler: h } = handler(
      'chore',
      () => {
        runs++;
        return runs === 2 ? { outcome: 'failed', error: 'disk full' } : { outcome: 'done', value: '' };
      },
      { everyMs: 600_000 },
    );
    await ensurePeriodicJob(db, h, clock.now());
    await ensurePeriodicJob(db, h, clock.now());
    const task = jobTask(h, { db, clock, log, kick: () => undefined });
    const round = async () => Promise.all((await task.run()).started ?? []);
    await round();
    await round();
    expect(runs).toBe(1);
    clock.advance(600_000);
    await round();
    expect(runs).toBe(2);
    expect(await statusOf('chore', 'chore')).toMatchObject({
      status: 'pending',
      attempts: 0,
      last_error: 'disk full',
      due_at: new Date(clock.now().getTime() + 600_000),
    });
    clock.advance(600_000);
    await round();
    expect(runs).toBe(3);
  });
});
