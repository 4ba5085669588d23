/**
 * Runs work one item at a time, urgent items first. PGlite executes one statement (or transaction) at a time in
 * arrival order; handing it one item at a time from this gate lets an SOS overtake a queue of location uploads.
 */
export type PriorityGate = {
  run<T>(urgent: boolean, work: () => Promise<T>): Promise<T>;
};

export function createPriorityGate(): PriorityGate {
  const urgentQueue: Array<() => void> = [];
  const normalQueue: Array<() => void> = [];
  let busy = false;

  const next = (): void => {
    const start = urgentQueue.shift() ?? normalQueue.shift();
    if (start) start();
    else busy = false;
  };

  return {
    run(urgent, work) {
      return new Promise((resolve, reject) => {
        const start = (): void => {
          work().then(resolve, reject).finally(next);
        };
        if (!busy) {
          busy = true;
          start();
        } else (urgent ? urgentQueue : normalQueue).push(start);
      });
    },
  };
}
