import { lazy, type ComponentType } from 'react';
import { FIRST_PAINT } from '#shared/constants';

/**
 * The first screen (the shell and the SOS button) paints before anything else is asked for. Everything started
 * before that paint competes with it for a slow phone's network and main thread: on the dashboard, 7 API calls
 * and about 50 on-demand chunks used to be requested by the first render, and the SOS card painted only after
 * they had been sent. GET requests (lib/api-client.ts) wait for `afterFirstPaint()`; an alert's POST never waits.
 *
 * The code of what shows below the SOS button, of the hosts that show nothing until something happens, and the
 * preloads, then start a few at a time in idle callbacks (`whenIdleAfterFirstPaint`), most needed first: all
 * started right after the paint, they arrived together and ran in long tasks, during which a tap on the screen
 * waited.
 */
let painted = false;
let watching = false;
let resolvePainted: () => void = () => undefined;
let paintedPromise = newPaintedPromise();

function newPaintedPromise(): Promise<void> {
  return new Promise<void>((resolve) => {
    resolvePainted = resolve;
  });
}

function markPainted(): void {
  if (painted) return;
  painted = true;
  resolvePainted();
}

/**
 * Called once the app's first render is committed (a layout effect, before the browser paints it). The first
 * animation frame runs just before that frame is drawn; the frame reaches the screen a little later (on a busy
 * phone the compositor lags), so the wait ends with a task queued from the next frame's callback. A tab in the
 * background runs no animation frame, so a timer ends the wait in any case.
 */
export function watchFirstPaint(): void {
  if (watching || painted) return;
  watching = true;
  if (typeof requestAnimationFrame === 'function') {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(markPainted, 0)));
  }
  setTimeout(markPainted, FIRST_PAINT.fallbackMs);
}

/** Resolves once the first screen has painted (at once after that). */
export function afterFirstPaint(): Promise<void> {
  return paintedPromise;
}

/**
 * What deferred work is for, in the order it starts: `screen`, code of what the screen shows (the cards below the
 * SOS button, the recording card, the toasts); `standby`, code that shows or sends nothing until something happens
 * (AI Protection, a scheduled fake call, the journey heartbeat, the recording outbox, the side navigation of wide
 * screens); `warm`, downloads kept ready for later (a ward's alert banner, the SOS fallback panel, the server
 * notice) and work nothing waits for.
 */
export type DeferredRank = 'screen' | 'standby' | 'warm';

const RANK_ORDER: Record<DeferredRank, number> = { screen: 0, standby: 1, warm: 2 };

type DeferredTask = { rank: number; order: number; run: () => Promise<unknown> };

const queue: DeferredTask[] = [];
let enqueued = 0;
let draining = false;
/** Set by `markFirstPaintDone` for tests: deferred work starts at once, as if the phone were idle. */
let atOnce = false;

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/** An idle callback where the browser has them; a short timer where it has not (Safari, jsdom). */
function whenIdle(callback: () => void): void {
  const idle = (globalThis as IdleWindow).requestIdleCallback;
  if (typeof idle === 'function') idle(callback, { timeout: FIRST_PAINT.idleTimeoutMs });
  else setTimeout(callback, FIRST_PAINT.idleFallbackMs);
}

function drainSoon(): void {
  if (draining || queue.length === 0) return;
  draining = true;
  whenIdle(startNextGroup);
}

/**
 * Starts the most needed few and asks for the next idle time once they have loaded: their code runs and renders in
 * its own tasks rather than all in one. A download that stalls holds the rest up for `groupWaitMs` at most.
 */
function startNextGroup(): void {
  queue.sort((a, b) => a.rank - b.rank || a.order - b.order);
  const group = queue.splice(0, FIRST_PAINT.tasksPerIdle);
  const loaded = Promise.allSettled(group.map((task) => task.run()));
  const stalled = new Promise((resolve) => setTimeout(resolve, FIRST_PAINT.groupWaitMs));
  void Promise.race([loaded, stalled]).then(() => {
    draining = false;
    drainSoon();
  });
}

/**
 * Runs `task` once the first screen has painted and the main thread is idle, after the deferred work of a more
 * needed rank and after what was deferred before it with the same rank; resolves (or rejects) as it does. Never
 * for an alert, nor anything an SOS needs: those never wait.
 */
export function whenIdleAfterFirstPaint<T>(rank: DeferredRank, task: () => Promise<T> | T): Promise<T> {
  if (atOnce) return Promise.resolve().then(task);
  return new Promise<T>((resolve, reject) => {
    const run = (): Promise<T> => {
      const result = Promise.resolve().then(task);
      result.then(resolve, reject);
      return result;
    };
    queue.push({ rank: RANK_ORDER[rank], order: enqueued++, run });
    void paintedPromise.then(drainSoon);
  });
}

/**
 * Tests render screens without a browser's paint or idle time: they start as if the first screen had painted
 * and the phone were idle (deferred work starts at once).
 */
export function markFirstPaintDone(): void {
  atOnce = true;
  markPainted();
  for (const task of queue.splice(0)) void task.run().catch(() => undefined);
}

/** For the tests of the wait itself: back to a page that has not painted yet, with nothing deferred. */
export function resetFirstPaintForTest(): void {
  painted = false;
  watching = false;
  atOnce = false;
  draining = false;
  queue.length = 0;
  paintedPromise = newPaintedPromise();
}

/**
 * `React.lazy` whose download starts once the first screen has painted and the phone is idle, in `rank`'s turn
 * (`whenIdleAfterFirstPaint`): its <Suspense> fallback is part of the first paint, its code is not.
 */
export function lazyAfterFirstPaint<Props extends object>(
  rank: DeferredRank,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => ({ default: await whenIdleAfterFirstPaint(rank, load) }));
}
