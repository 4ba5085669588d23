/**
 * The one durable job mechanism: a table of due work (`scheduled_jobs`) and a runner per job kind. A module
 * writes a job in the same transaction as the change that makes it necessary (`enqueueJobs`), and declares a
 * `JobHandler` for its kind; the runner claims due jobs with a lease, runs each attempt on its own (at most
 * `concurrency` at once per instance, so one hanging attempt never holds back another), retries with the
 * kind's backoff, and settles the job and the module's own rows in one transaction fenced by the attempt
 * number, so a claimer whose lease was taken over can never overwrite a newer outcome.
 *
 * If the process dies: before the commit there is no job; after it, any instance's next poll claims it; during an
 * attempt the lease runs out and the attempt is made again (attempt handlers must be safe to repeat); a job whose
 * every attempt died with its worker is failed by the give-up step, so nothing loops forever.
 *
 * A deadline is `enqueueJobs(tx, [{kind, key, dueAt}])` (moved with `rescheduleJob`, or with `rearmJob` when it
 * may have run already, dropped with `cancelJob`, several of a kind with `cancelJobs`);
 * a periodic chore is a handler with `everyMs`. See docs/decisions/007-job-table.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../adapters/clock';
import type { Database, Queryable } from '../db/database';
import * as repo from './job-repository';
import { decideRetry, type RetryPolicy } from './retry-policy';
import type { ScheduledTask, TaskRound } from './scheduler';

export {
  cancelJob,
  cancelJobs,
  insertJobs as enqueueJobs,
  rearmJob,
  rescheduleJob,
  type NewJob,
} from './job-repository';

export type Job = repo.JobRow;

/** How one attempt went. `value` is what a `done` attempt hands to `settle` (e.g. a provider's message id). */
export type Attempt<V> =
  | { outcome: 'done'; value: V }
  | { outcome: 'retry'; error: string; retryAfterMs?: number }
  | { outcome: 'failed'; error: string };

/** Where the job stands after an attempt, as the handler's `settle` sees it. */
export type Settlement<V> =
  | { status: 'done'; value: V }
  | { status: 'pending'; dueAt: Date; error: string }
  | { status: 'failed'; error: string };

export type JobHandler<V = unknown> = {
  /** Unique; also the scheduler task's name. */
  kind: string;
  retry: RetryPolicy;
  /** How long a claim holds a job: longer than an attempt can take, so a slow attempt is never doubled. */
  leaseMs: number;
  /** Attempts of this kind running at once on one instance. */
  concurrency: number;
  /** Runs on the database capacity reserved for the SOS path (db.urgent). */
  urgent?: boolean;
  /** A periodic chore: one job of this kind, run every `everyMs` for ever (whatever each run's outcome). */
  everyMs?: number;
  /** One attempt. It may be repeated after a crash, so it must be safe to repeat. A throw counts as `retry`. */
  attempt(job: Job): Promise<Attempt<V>>;
  /**
   * Writes the outcome into the module's own rows, in the fenced transaction that settles the job (never called
   * for a stale attempt). May return an effect to run once that transaction has committed (e.g. tell screens).
   */
  settle?(tx: Queryable, job: Job, settlement: Settlement<V>): Promise<(() => void) | void>;
};

export type JobRunnerDeps = {
  db: Database;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Asks the scheduler for another round (a slot freed up while due work was waiting). */
  kick(kind: string): void;
  random?: () => number;
};

/** Jobs claimed per round at most. */
const BATCH_SIZE = 20;
export const GAVE_UP_ERROR = 'No answer after repeated attempts';
export const ATTEMPT_FAULT = 'The attempt failed unexpectedly';

/** The scheduler task that runs jobs of one kind. */
export function jobTask<V>(handler: JobHandler<V>, deps: JobRunnerDeps): ScheduledTask {
  const lane = handler.urgent ? deps.db.urgent : deps.db;
  let running = 0;
  let saturated = false;

  const settle = async (job: Job, settlement: Settlement<V>): Promise<void> => {
    const now = deps.clock.now();
    const effect = await lane.transaction(async (tx) => {
      if (!(await repo.settleJob(tx, job, toJobSettlement(settlement, handler, now), now))) return undefined;
      return handler.settle?.(tx, job, settlement);
    });
    if (effect) runEffect(effect, deps.log);
  };

  const runOne = async (job: Job): Promise<void> => {
    let attempt: Attempt<V>;
    try {
      attempt = await handler.attempt(job);
    } catch (error) {
      deps.log.warn({ kind: handler.kind, err: error }, 'job attempt threw');
      attempt = { outcome: 'retry', error: ATTEMPT_FAULT };
    }
    await settle(job, settlementOf(attempt, job, handler, deps));
  };

  const start = (job: Job): Promise<void> => {
    running++;
    return runOne(job)
      .catch((error: unknown) => deps.log.error({ kind: handler.kind, err: error }, 'settling a job failed'))
      .finally(() => {
        running--;
        if (saturated) deps.kick(handler.kind);
      });
  };

  return {
    name: handler.kind,
    async run(): Promise<TaskRound> {
      const now = deps.clock.now();
      const max = handler.retry.maxAttempts;
      for (const job of await repo.findExhaustedJobs(lane, handler.kind, now, max)) {
        await settle(job, { status: 'failed', error: job.last_error ?? GAVE_UP_ERROR });
      }
      const free = handler.concurrency - running;
      saturated = free <= 0;
      if (saturated) return { more: false };
      const limit = Math.min(free, BATCH_SIZE);
      const claimed = await repo.claimDueJobs(lane, {
        kind: handler.kind,
        now,
        leaseUntil: new Date(now.getTime() + handler.leaseMs),
        limit,
        maxAttempts: max,
      });
      saturated = claimed.length === free;
      return { more: claimed.length === limit && !saturated, started: claimed.map(start) };
    },
  };
}

/** Makes sure the one job of a periodic kind exists (every instance may call this at start). */
export async function ensurePeriodicJob(
  db: Queryable,
  handler: JobHandler<unknown>,
  now: Date,
): Promise<void> {
  if (handler.everyMs === undefined) return;
  await repo.insertJobs(db, [{ kind: handler.kind, key: handler.kind, dueAt: now }], now);
}

function settlementOf<V>(
  attempt: Attempt<V>,
  job: Job,
  handler: JobHandler<V>,
  deps: Pick<JobRunnerDeps, 'clock' | 'random'>,
): Settlement<V> {
  if (attempt.outcome === 'done') return { status: 'done', value: attempt.value };
  if (attempt.outcome === 'failed') return { status: 'failed', error: attempt.error };
  const now = deps.clock.now();
  const decision = decideRetry(handler.retry, {
    attempts: job.attempts,
    firstAttemptAt: job.first_attempt_at ?? now,
    now,
    retryAfterMs: attempt.retryAfterMs,
    random: deps.random,
  });
  return 'retryAt' in decision
    ? { status: 'pending', dueAt: decision.retryAt, error: attempt.error }
    : { status: 'failed', error: attempt.error };
}

/** A periodic job never ends: whatever this run came to, the next one is due a period later. */
function toJobSettlement<V>(
  settlement: Settlement<V>,
  handler: JobHandler<V>,
  now: Date,
): repo.JobSettlement {
  if (handler.everyMs !== undefined && settlement.status !== 'pending') {
    return {
      status: 'pending',
      dueAt: new Date(now.getTime() + handler.everyMs),
      error: settlement.status === 'failed' ? settlement.error : null,
      restart: true,
    };
  }
  if (settlement.status === 'done') return { status: 'done' };
  if (settlement.status === 'failed') return { status: 'failed', error: settlement.error };
  return { status: 'pending', dueAt: settlement.dueAt, error: settlement.error, restart: false };
}

function runEffect(effect: () => void, log: Pick<FastifyBaseLogger, 'warn'>): void {
  try {
    effect();
  } catch (error) {
    log.warn({ err: error }, 'job effect failed');
  }
}
