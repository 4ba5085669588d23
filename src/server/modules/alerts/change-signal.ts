/** "Something changed": lets a waiter sleep until the next change or a time-out, whichever comes first. */
export type ChangeSignal = { notify(): void; wait(timeoutMs: number): Promise<void> };

export function createChangeSignal(): ChangeSignal {
  const waiters = new Set<() => void>();
  return {
    notify() {
      for (const wake of [...waiters]) wake();
    },
    wait(timeoutMs) {
      return new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, timeoutMs);
        waiters.add(wake);
      });
    },
  };
}
