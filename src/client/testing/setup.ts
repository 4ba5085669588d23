import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { openDB } from 'idb';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSessionRefresh } from '../features/auth/api/refresh-session';
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
