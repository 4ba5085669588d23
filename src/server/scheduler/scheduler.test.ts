import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, FULL_ROUND_EVERY, type Scheduler } from './scheduler';

const log = { error: vi.fn() };
let sut: Scheduler | undefined;
afterEach(async () => {
  await sut?.stop();
  sut = undefined;
  log.error.mockReset();
  vi.useRealTimers();
});

/** Resolves once every promise callback that does not wait on a timer or I/O has run. */
const drainMicrotasks = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('scheduler', () => {
  it('runNow runs the task and resolves when it has finished', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    const run = vi.fn(async () => ({ more: false }));
    sut.add({ name: 'job', run });
    await sut.runNow('job');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runNow refuses a name no task has, rather than doing nothing', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    sut.add({ name: 'job', run: async () => ({ more: false }) });
    await expect(sut.runNow('jobs')).rejects.toThrow('No scheduled task is named "jobs"');
  });

  it('never runs one task twice at once, and a request during a round gets one more round after it', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    const gate = deferred();
    let running = 0;
    let maxRunning = 0;
    const run = vi.fn(async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await gate.promise;
      running--;
      return { more: false };
    });
    sut.add({ name: 'job', run });
    const first = sut.runNow('job');
    // Before the round starts, another request shares it.
    const shared = sut.runNow('job');
    await vi.waitFor(() => expect(running).toBe(1));
    // Once it runs, requests queue exactly one more round.
    const second = sut.runNow('job');
    const third = sut.runNow('job');
    gate.resolve();
    await Promise.all([first, shared, second, third]);
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxRunning).toBe(1);
  });

  it('runs again at once while the task reports more work', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    let left = 3;
    const run = vi.fn(async () => ({ more: --left > 0 }));
    sut.add({ name: 'job', run });
    await sut.runNow('job');
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('polls every interval once started, and a failing round is logged without stopping it', async () => {
    vi.useFakeTimers();
    sut = createScheduler({ intervalMs: 20, enabled: true, log });
    let calls = 0;
    sut.add({
      name: 'job',
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
        return { more: false };
      },
    });
    sut.start();
    // At once, then at each of two intervals.
    await vi.advanceTimersByTimeAsync(2 * 20);
    expect(calls).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('with dueTaskNames, a tick runs only the tasks with work due; every task on a full round or when asking fails', async () => {
    vi.useFakeTimers();
    let due: ReadonlySet<string> | Error = new Set(['sms']);
    const dueTaskNames = vi.fn(async () => {
      if (due instanceof Error) throw due;
      return due;
    });
    sut = createScheduler({ intervalMs: 20, enabled: true, log, dueTaskNames });
    const runs = { sms: 0, email: 0 };
    for (const name of ['sms', 'email'] as const) {
      sut.add({ name, run: async () => ((runs[name] += 1), { more: false }) });
    }
    sut.start();
    // The first tick is a full round: both tasks, without asking.
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual({ sms: 1, email: 1 });
    expect(dueTaskNames).not.toHaveBeenCalled();
    // The next ticks ask, and run only what is due.
    await vi.advanceTimersByTimeAsync(2 * 20);
    expect(runs).toEqual({ sms: 3, email: 1 });
    // Asking fails: logged, and every task runs.
    due = new Error('database away');
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toEqual({ sms: 4, email: 2 });
    expect(log.error).toHaveBeenCalledTimes(1);
    // Nothing due: nothing runs, until the next full round runs everything.
    due = new Set();
    await vi.advanceTimersByTimeAsync((FULL_ROUND_EVERY - 4) * 20);
    expect(runs).toEqual({ sms: 4, email: 2 });
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toEqual({ sms: 5, email: 3 });
  });

  it('stop waits for the running round and ignores later requests', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    const gate = deferred();
    let finished = false;
    const run = vi.fn(async () => {
      await gate.promise;
      finished = true;
      return { more: false };
    });
    sut.add({ name: 'job', run });
    sut.kick('job');
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    let stopped = false;
    const stopping = sut.stop().then(() => (stopped = true));
    // The round waits on the gate alone: with every other callback run, stop is still waiting for it.
    await drainMicrotasks();
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await sut.runNow('job');
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a round does not wait for the work it started; runNow and stop wait for all of it', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    const slow = deferred();
    let rounds = 0;
    let finished = 0;
    sut.add({
      name: 'job',
      run: async () => {
        rounds++;
        const work = rounds === 1 ? slow.promise.then(() => finished++) : Promise.resolve();
        return { more: false, started: [work] };
      },
    });
    const first = sut.runNow('job');
    await vi.waitFor(() => expect(rounds).toBe(1));
    // The first round's work still hangs, yet a second round (asked for by a kick) runs.
    sut.kick('job');
    await vi.waitFor(() => expect(rounds).toBe(2));
    expect(finished).toBe(0);
    // runNow also waits for the work in flight from earlier rounds.
    let third = false;
    const waiting = sut.runNow('job').then(() => (third = true));
    await vi.waitFor(() => expect(rounds).toBe(3));
    expect(third).toBe(false);
    const stopping = sut.stop();
    slow.resolve();
    await Promise.all([first, waiting, stopping]);
    expect(finished).toBe(1);
    expect(third).toBe(true);
  });

  it('idle waits for what a kick started, and for the work that work started, without stopping', async () => {
    sut = createScheduler({ intervalMs: 60_000, enabled: true, log });
    const slow = deferred();
    let rounds = 0;
    let finished = 0;
    sut.add({
      name: 'job',
      run: async () => {
        rounds++;
        // The first round's work asks for another round once it is done (a retry falling due, say).
        const work =
          rounds === 1 ? slow.promise.then(() => sut?.kick('job')) : Promise.resolve().then(() => finished++);
        return { more: false, started: [work] };
      },
    });
    await sut.idle(); // nothing to wait for
    expect(rounds).toBe(0);
    sut.kick('job');
    let idle = false;
    const waiting = sut.idle().then(() => (idle = true));
    await vi.waitFor(() => expect(rounds).toBe(1));
    expect(idle).toBe(false);
    slow.resolve();
    await waiting;
    expect([rounds, finished]).toEqual([2, 1]);
    // Still running: a kick after idle starts a round.
    sut.kick('job');
    await sut.idle();
    expect(rounds).toBe(3);
  });

  it('does nothing when disabled (another instance does the work)', async () => {
    vi.useFakeTimers();
    sut = createScheduler({ intervalMs: 10, enabled: false, log });
    const run = vi.fn(async () => ({ more: false }));
    sut.add({ name: 'job', run });
    sut.start();
    sut.kick('job');
    await sut.runNow('job');
    // Five intervals have passed: an enabled scheduler would have polled five times by now.
    await vi.advanceTimersByTimeAsync(5 * 10);
    expect(run).not.toHaveBeenCalled();
  });
});
