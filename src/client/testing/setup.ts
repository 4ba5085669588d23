import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { openDB } from 'idb';
import { createElement, type ComponentProps } from 'react';
import type * as SonnerModule from 'sonner';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetSessionRefresh } from '../features/auth/api/refresh-session';
import { forgetAccountDeletedHere } from '../lib/account-deleted-here';
import { resetRequestHold } from '../lib/api-client';
import { markFirstPaintDone } from '../lib/first-paint';
import { resetRecorder } from '../features/recording/stores/recorder';
import { resetSounds } from '../lib/sounds';
import { uninstallFakeMedia } from './fake-media';

// jsdom lacks a few browser APIs that Radix primitives and the theme provider touch.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView(): void {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.setPointerCapture ??= () => undefined;

// jsdom runs every animation frame from one interval, started by a request made while none is waiting. A test
// that fakes setInterval but not frames, and asks for a frame, starts that interval on its fake clock: once real
// timers are back the interval is gone, jsdom never starts another, and no frame comes again in that worker (its
// files share one window) — sonner's dismissals wait for one. A timeout per frame, on whichever clock runs when
// the frame is asked for, cannot stop the frames after it. (A timer, Node's or jsdom's, real or fake, turns into its
// numeric id.)
const requestFrame = (callback: FrameRequestCallback): number =>
  Number(setTimeout(() => callback(performance.now()), 16));
const cancelFrame = (handle: number): void => clearTimeout(handle);
globalThis.requestAnimationFrame = window.requestAnimationFrame = requestFrame;
globalThis.cancelAnimationFrame = window.cancelAnimationFrame = cancelFrame;

// A toast stays until the test or the app dismisses it. With sonner's 4-second lifetime, a test that looked for a
// toast after a render slowed by a busy machine found it gone, and a test of a dismissal passed with or without
// one. A toast given a lifetime of its own (an undo's, a notification's) keeps it: tests of those move the clock.
vi.mock('sonner', async (importOriginal) => {
  const sonner = await importOriginal<typeof SonnerModule>();
  const Toaster = (props: ComponentProps<typeof sonner.Toaster>) =>
    createElement(sonner.Toaster, { ...props, duration: Number.POSITIVE_INFINITY });
  return { ...sonner, Toaster };
});

/** Empties the device outbox's IndexedDB (the app keeps its connection open across tests). */
async function clearDeviceOutbox(): Promise<void> {
  // Opening a database that does not exist would create it without the app's store.
  if (!(await indexedDB.databases()).some((database) => database.name === 'beacon-outbox')) return;
  const db = await openDB('beacon-outbox');
  if (db.objectStoreNames.contains('items')) await db.clear('items');
  db.close();
}

// jsdom paints nothing: requests and on-demand code must not wait for a first paint (lib/first-paint.ts).
markFirstPaintDone();

// `findBy…` and `waitFor` wait for a condition up to this long (the library's default is 1 s): a machine busy with
// the other suites can take longer to render a change. A condition met sooner ends the wait at once.
configure({ asyncUtilTimeout: 10_000 });

// Emptied before each test as well: a write the previous test (or file) started as it ended — the last piece of
// a recording it left running, say — can land after the clearing below, and would be counted by the next test.
beforeEach(clearDeviceOutbox);

// The files of a worker share one module cache (vitest.config.ts). A screen that loads code after its first paint
// (the escort dialog and its map, Leaflet's stylesheet) can still be loading when its file ends, and an import cut
// off by the file's teardown stays failed in that cache: a later file's map screen then showed the route error (a
// CI run, responder.test.tsx after sos.test.tsx). Loaded before any test, that code is never loading at a teardown.
beforeAll(async () => {
  await Promise.all([import('../app/components/escort-screens'), import('../components/map/leaflet-map')]);
});

// The client test files of a worker share modules (vitest.config.ts, `isolate: false`): whatever a module keeps
// between calls is put back here after every test, the timers it set included (a recorder's emergency restart
// left waiting once started a recording in the next file's test).
afterEach(async () => {
  cleanup();
  // Sonner replays the toasts still open to the next Toaster that mounts.
  toast.dismiss();
  resetSounds();
  resetSessionRefresh();
  resetRequestHold();
  resetRecorder();
  forgetAccountDeletedHere();
  uninstallFakeMedia();
  vi.useRealTimers();
  await clearDeviceOutbox();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
