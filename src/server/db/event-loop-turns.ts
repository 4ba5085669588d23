import { performance } from 'node:perf_hooks';

/**
 * How long statements may follow one another on the event loop before the loop gets a turn (see below).
 * Measured with `bench/sos-under-load.ts` on PGlite (64 uploads in flight, 12 SOS): no turns 9.4× the idle SOS
 * (185–193 ms), 20 ms 2.8×, 5 ms 1.6×, 2 ms 1.3×, a turn after every statement 0.95×; uploads a second 370 → 339
 * (−8 %) at 2 ms, 331 (−11 %) after every statement. docs/decisions/006-urgent-db-lane.md.
 */
export const STATEMENT_RUN_BUDGET_MS = 2;

/**
 * Decides when a finished statement's turn passes to the next waiter: now, or after the event loop has had a turn.
 *
 * Why: PGlite runs every statement on the server's own event loop, and the database gate (db/priority-gate.ts)
 * gives a freed turn straight to the next waiter from a promise callback. With a queue of waiting statements (the
 * uploads of 64 phones, their realtime events), one statement's end starts the next without the loop ever reading
 * a socket or finishing a token check: an SOS arriving then waited 100–200 ms before its first line was run, while
 * its own statements would have gone to the front of the queue. So once statements have run back to back for
 * `budgetMs`, the next one waits for the loop's next turn (`setImmediate`), and whatever came in meanwhile (an
 * SOS's request, its token check) gets to run, and to queue its statements ahead of the rest.
 */
export type EventLoopTurns = {
  /** Calls `next` (the gate's hand-over to its next waiter) now, or after the loop's next turn once the budget is spent. */
  handOver: (next: () => void) => void;
};

export function createEventLoopTurns(
  budgetMs: number,
  now: () => number = () => performance.now(),
): EventLoopTurns {
  // When this run of statements began, or null when the loop has had a turn since (nothing runs back to back).
  let runStartedAt: number | null = null;
  const startRun = (): number => {
    const startedAt = now();
    runStartedAt = startedAt;
    // Called on the loop's next turn: whatever follows is a new run.
    setImmediate(() => {
      runStartedAt = null;
    });
    return startedAt;
  };
  return {
    handOver(next) {
      const startedAt = runStartedAt ?? startRun();
      if (now() - startedAt < budgetMs) next();
      else setImmediate(next);
    },
  };
}
