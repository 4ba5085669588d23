/**
 * The one scheduler. Design: every timed job is a *task* that reads its due work from the database and claims
 * it (`FOR UPDATE SKIP LOCKED` plus a lease), so any number of instances can run the same tasks and each item is
 * handled by exactly one of them. The scheduler itself keeps no state worth losing: it only decides *when* to ask
 * each task to look. It asks every `intervalMs`, and at once when someone `kick`s the task (e.g. right after an
 * alert is written). Alert deliveries are the first task; escort and check-in deadlines will be tasks beside it.
 *
 * Timers here are real (setInterval): they pace the polling. What is *due* is decided by each task with the
 * injected Clock, so tests move time with the manual clock and call `runNow`.
 */
import type { FastifyBaseLogger } from 'fastify';

export type ScheduledTask = {
  /** Unique name, used by `kick` and `runNow`. */
  name: string;
  /** Handles what is due now. Returns true when there may be more due work (a full batch): it then runs again. */
  run(): Promise<boolean>;
};

export type Scheduler = {
  add(task: ScheduledTask): void;
  /** Starts polling every task every `intervalMs`, beginning now. */
  start(): void;
  /** Asks a task to run as soon as possible, without waiting for it. */
  kick(name: string): void;
  /** Runs a task and resolves when a round that started after this call has finished. */
  runNow(name: string): Promise<void>;
  /** Stops polling and waits for running rounds. Kicks after this do nothing. */
  stop(): Promise<void>;
};

export type SchedulerOptions = {
  intervalMs: number;
  /** false: this instance runs nothing (start, kick and runNow are no-ops); another instance does the work. */
  enabled: boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
};

type TaskState = {
  task: ScheduledTask;
  /** The round running now, if any. */
  current: Promise<void> | null;
  /** A round queued behind the current one; every caller in the meantime shares it. */
  queued: Promise<void> | null;
};

/** Most rounds a task may chain in one go (it keeps reporting a full batch): then the next tick continues. */
const MAX_CHAINED_ROUNDS = 50;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const tasks = new Map<string, TaskState>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const runRounds = async (state: TaskState): Promise<void> => {
    for (let round = 0; round < MAX_CHAINED_ROUNDS && !stopped; round++) {
      try {
        if (!(await state.task.run())) return;
      } catch (error) {
        // A task failing (e.g. the database is briefly unreachable) must not stop the scheduler: log, retry next tick.
        options.log.error({ task: state.task.name, err: error }, 'scheduled task failed');
        return;
      }
    }
  };

  const schedule = (name: string): Promise<void> => {
    const state = tasks.get(name);
    if (!state || stopped || !options.enabled) return Promise.resolve();
    if (state.queued) return state.queued;
    const after = state.current ?? Promise.resolve();
    const round: Promise<void> = after
      .then(() => {
        state.queued = null;
        state.current = round;
        return runRounds(state);
      })
      .finally(() => {
        if (state.current === round) state.current = null;
      });
    state.queued = round;
    return round;
  };

  const tick = (): void => {
    for (const [name, state] of tasks) {
      // A busy task is not queued again by the timer: it will look again on the next tick.
      if (!state.current && !state.queued) void schedule(name);
    }
  };

  return {
    add(task) {
      if (tasks.has(task.name)) throw new Error(`scheduled task ${task.name} already exists`);
      tasks.set(task.name, { task, current: null, queued: null });
    },
    start() {
      if (timer || stopped || !options.enabled) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      tick();
    },
    kick(name) {
      void schedule(name);
    },
    runNow: schedule,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      const running = [...tasks.values()].flatMap((state) => [state.current, state.queued]);
      await Promise.all(running.filter((round): round is Promise<void> => round !== null));
    },
  };
}
