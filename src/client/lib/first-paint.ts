import { lazy, type ComponentType } from 'react';
import { FIRST_PAINT } from '#shared/constants';

/**
 * The first screen (the shell and the SOS button) paints before anything else is asked for. Everything started
 * before that paint competes with it for a slow phone's network and main thread: on the dashboard, 7 API calls
 * and about 50 on-demand chunks used to be requested by the first render, and the SOS card painted only after
 * they had been sent. GET requests (lib/api-client.ts) and the code of what shows below the SOS button wait for
 * `afterFirstPaint()`; an alert's POST never waits.
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

/** Tests render screens without a browser's paint: they start as if the first screen had painted. */
export function markFirstPaintDone(): void {
  markPainted();
}

/** For the tests of the wait itself: back to a page that has not painted yet. */
export function resetFirstPaintForTest(): void {
  painted = false;
  watching = false;
  paintedPromise = newPaintedPromise();
}

/**
 * `React.lazy` whose download starts only after the first screen has painted: its <Suspense> fallback is part of
 * the first paint, its code is not.
 */
export function lazyAfterFirstPaint<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => {
    await afterFirstPaint();
    return { default: await load() };
  });
}
