import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay or shape the HTTP answer (sending e-mail). Recovery answers `{}` at once whether or
 * not the address has an account; doing the lookup and the SMTP round trip here keeps the answer's timing the
 * same too. Failures are logged, never thrown. `drain()` waits for what is in flight (app shutdown, tests).
 */
export type BackgroundTasks = {
  run(label: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
};

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) =>
          log.error({ task: label, failure: describe(error) }, 'background task failed'),
        )
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** An error's name and message with e-mail addresses removed (SMTP errors quote the recipient). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');
}
