/**
 * Lets at most `capacity` pieces of work run at once, urgent ones first: a waiting SOS overtakes every waiting
 * location upload. PGlite executes one statement (or transaction) at a time in arrival order, so it gets a gate of
 * one (db/open-pglite.ts); the HTTP admission gate (http/admission.ts) uses a wider one.
 */
export type PriorityGate = {
  run<T>(urgent: boolean, work: () => Promise<T>): Promise<T>;
  /** Waits for a slot. Call the returned `release` when done; calling it again does nothing. */
  acquire(urgent: boolean): Promise<() => void>;
  /** How many hold a slot and how many wait for one (diagnostics, tests). */
  load(): { running: number; waiting: number };
  /** Changes how many may run at once. A smaller number stops nothing that runs; it only admits less. */
  setCapacity(capacity: number): void;
};

export type PriorityGateOptions = {
  /**
   * How a finished piece of work passes its slot on: `next()` gives it to the next waiter. At once unless told;
   * PGlite's gate hands it on after the event loop's next turn once statements have run a while
   * (db/event-loop-turns.ts).
   */
  handOver?: (next: () => void) => void;
};

export function createPriorityGate(capacity = 1, options: PriorityGateOptions = {}): PriorityGate {
  const handOver = options.handOver ?? ((next: () => void) => next());
  const urgentQueue: Array<() => void> = [];
  const normalQueue: Array<() => void> = [];
  let running = 0;

  /**
   * A finished slot goes straight to the next waiter, urgent ones first; with nobody waiting, or with more running
   * than the capacity now allows, it is freed.
   */
  const next = (): void => {
    const grant = running > capacity ? undefined : (urgentQueue.shift() ?? normalQueue.shift());
    if (grant) grant();
    else running--;
  };

  const acquire = (urgent: boolean): Promise<() => void> =>
    new Promise((resolve) => {
      const grant = (): void => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          handOver(next);
        });
      };
      if (running < capacity) {
        running++;
        grant();
      } else (urgent ? urgentQueue : normalQueue).push(grant);
    });

  return {
    acquire,
    load: () => ({ running, waiting: urgentQueue.length + normalQueue.length }),
    setCapacity(value) {
      capacity = value;
      while (running < capacity) {
        const grant = urgentQueue.shift() ?? normalQueue.shift();
        if (!grant) break;
        running++;
        grant();
      }
    },
    async run(urgent, work) {
      const release = await acquire(urgent);
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
