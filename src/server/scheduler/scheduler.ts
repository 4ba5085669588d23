/**
 * The one scheduler. Every timed job is a *task* that reads its due work from the database and claims it
 * (`FOR UPDATE SKIP LOCKED` plus a lease), so any number of instances can run the same tasks and each item is
 * handled by exactly one of them. The scheduler keeps no state worth losing: it only decides *when* each task
 * looks. It asks every `intervalMs`, and at once when someone `kick`s the task (e.g. right after an alert is
 * written). Durable work is a row of the job table (jobs.ts), so most tasks are job kinds; see
 * docs/decisions/007-job-table.md and docs/decisions/008-scheduler-leases.md.
 *
 * A round only claims and starts work; it does not wait for that work to finish, so one slow attempt (a hanging
 * SMS request) never stops the next round from claiming what became due. `runNow` (tests, scripts) does wait.
 *
 * Timers here are real (setInterval): they pace the polling. What is *due* is decided by each task with the
 * injected Clock, so tests move time with the manual clock and call `runNow`.
 */
import type { FastifyBaseLogger } from 'fastify';

/** What one round of a task did. */
export type TaskRound = {
  /** There may be more due work now (a full batch): the scheduler runs another round at once. */
  more: boolean;
  /** The work this round started, settling when it has finished (awaited only by `runNow`, `idle` and `stop`). */
  started?: ReadonlyArray<Promise<unknown>>;
};

export type ScheduledTask = {
  /** Unique name, used by `kick` and `runNow`. */
  name: string;
  /** Claims and starts what is due now. */
  run(): Promise<TaskRound>;
};

export type Scheduler = {
  add(task: ScheduledTask): void;
  /** Starts polling every task every `intervalMs`, beginning now. */
  start(): void;
  /** Asks a task to run as soon as possible, without waiting for it. */
  kick(name: string): void;
  /**
   * Runs a task and resolves when a round that started after this call has finished, and with it every piece of
   * that task's work still in flight (also work an earlier round or a kick started). Throws for a name no task has.
   */
  runNow(name: string): Promise<void>;
  /**
   * Resolves once no round is running or queued and no work a round started is in flight: the work a kick
   * started after a request has finished (an e-mail sent after a sign-up). Polling goes on; tests and the app's
   * `idle()` use it.
   */
  idle(): Promise<void>;
  /** Stops polling and waits for running rounds and the work they started. Kicks after this do nothing. */
  stop(): Promise<void>;
};

export type SchedulerOptions = {
  intervalMs: number;
  /** false: this instance runs nothing (start, kick and runNow are no-ops); another instance does the work. */
  enabled: boolean;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * The names of the tasks that have work due now (one query over the job table). When given, a timer tick asks
   * it first and runs only those tasks, instead of two queries per task every tick — most ticks find nothing due.
   * Every FULL_ROUND_EVERY ticks, and whenever it fails, every task runs as before, so nothing it could miss (a
   * job another instance claimed and abandoned) waits for more than that.
   */
  dueTaskNames?: () => Promise<ReadonlySet<string>>;
};

type TaskState = {
  task: ScheduledTask;
  /** The round running now, if any. */
  current: Promise<Started> | null;
  /** A round queued behind the current one; every caller in the meantime shares it. */
  queued: Promise<Started> | null;
  /** Work this task's rounds started that has not settled yet. */
  inFlight: Set<Promise<unknown>>;
};

type Started = ReadonlyArray<Promise<unknown>>;

/** Most rounds a task may chain in one go (it keeps reporting a full batch): then the next tick continues. */
const MAX_CHAINED_ROUNDS = 50;

/** With `dueTaskNames`, every this many ticks every task runs anyway (see SchedulerOptions). */
export const FULL_ROUND_EVERY = 30;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const tasks = new Map<string, TaskState>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const keep = (state: TaskState, work: Promise<unknown>): Promise<unknown> => {
    const settled = work.catch(() => undefined);
    inFlight.add(settled);
    state.inFlight.add(settled);
    void settled.finally(() => {
      inFlight.delete(settled);
      state.inFlight.delete(settled);
    });
    return settled;
  };

  const runRounds = async (state: TaskState): Promise<Started> => {
    const started: Array<Promise<unknown>> = [];
    for (let round = 0; round < MAX_CHAINED_ROUNDS && !stopped; round++) {
      try {
        const result = await state.task.run();
        for (const work of result.started ?? []) started.push(keep(state, work));
        if (!result.more) break;
      } catch (error) {
        // A task failing (e.g. the database is briefly unreachable) must not stop the scheduler: log, retry next tick.
        options.log.error({ task: state.task.name, err: error }, 'scheduled task failed');
        break;
      }
    }
    return started;
  };

  const schedule = (name: string): Promise<Started> => {
    const state = tasks.get(name);
    if (!state || stopped || !options.enabled) return Promise.resolve([]);
    if (state.queued) return state.queued;
    const after = state.current ?? Promise.resolve([]);
    const round: Promise<Started> = after
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

  /** Waits until no round runs or waits and nothing a round started is in flight (rounds may start more). */
  const settle = async (): Promise<void> => {
    for (;;) {
      const rounds = [...tasks.values()]
        .flatMap((state) => [state.current, state.queued])
        .filter((round): round is Promise<Started> => round !== null);
      if (rounds.length === 0 && inFlight.size === 0) return;
      await Promise.all([...rounds, ...inFlight]);
    }
  };

  const scheduleIdle = (only?: ReadonlySet<string>): void => {
    for (const [name, state] of tasks) {
      if (only && !only.has(name)) continue;
      // A busy task is not queued again by the timer: it will look again on the next tick.
      if (!state.current && !state.queued) void schedule(name);
    }
  };

  let ticks = 0;
  const dueNames = async (): Promise<ReadonlySet<string> | undefined> => {
    try {
      return await options.dueTaskNames?.();
    } catch (error) {
      options.log.error({ err: error }, 'asking which tasks are due failed');
      return undefined;
    }
  };
  const tick = (): void => {
    const full = !options.dueTaskNames || ticks++ % FULL_ROUND_EVERY === 0;
    if (full) return scheduleIdle();
    const asking = dueNames().then((due) => {
      if (!stopped) scheduleIdle(due);
    });
    inFlight.add(asking);
    void asking.finally(() => inFlight.delete(asking));
  };

  return {
    add(task) {
      if (tasks.has(task.name)) throw new Error(`scheduled task ${task.name} already exists`);
      tasks.set(task.name, { task, current: null, queued: null, inFlight: new Set() });
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
    async runNow(name) {
      // A name no task has is a mistake in the caller (a test would otherwise check that nothing happened).
      if (!tasks.has(name)) throw new Error(`No scheduled task is named "${name}"`);
      await Promise.all(await schedule(name));
      const state = tasks.get(name);
      while (state && state.inFlight.size > 0) await Promise.all([...state.inFlight]);
    },
    idle: settle,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await settle();
    },
  };
}
