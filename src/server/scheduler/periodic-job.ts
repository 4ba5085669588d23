import type { Clock } from '../adapters/clock';
import type { JobHandler } from './jobs';

/** A periodic chore that cannot fail half-way harmfully (e.g. age-based deletes) is retried a few times only. */
const CHORE_RETRY = { backoffMs: [60_000], jitter: 0.2, maxAttempts: 3, giveUpAfterMs: 60 * 60_000 };

/**
 * A job that runs `work` every `everyMs` on whichever instance claims it (one row of the job table, moved on
 * after each run). `work` must be idempotent: after a crash it may run twice.
 */
export function periodicJob(
  kind: string,
  everyMs: number,
  clock: Clock,
  work: (now: Date) => Promise<void>,
): JobHandler<null> {
  return {
    kind,
    everyMs,
    retry: CHORE_RETRY,
    leaseMs: 5 * 60_000,
    concurrency: 1,
    async attempt() {
      await work(clock.now());
      return { outcome: 'done', value: null };
    },
  };
}
