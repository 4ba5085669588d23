import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { mockApi } from '../testing/fake-api';
import { apiRequest, noContent } from './api-client';
import {
  afterFirstPaint,
  lazyAfterFirstPaint,
  markFirstPaintDone,
  resetFirstPaintForTest,
  watchFirstPaint,
  whenIdleAfterFirstPaint,
  type DeferredRank,
} from './first-paint';

const Thing = z.object({ ok: z.boolean() });

/** Lets every promise callback that is ready run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the first paint comes first', () => {
  afterEach(() => {
    // The other client tests start as if painted (testing/setup.ts).
    markFirstPaintDone();
  });

  it('holds reads until the first screen has painted, but sends an alert at once', async () => {
    resetFirstPaintForTest();
    const api = mockApi([
      { method: 'GET', path: '/api/profile', body: { ok: true } },
      { method: 'POST', path: '/api/alerts', status: 204 },
    ]);
    const read = apiRequest('/api/profile', { schema: Thing });
    const alert = apiRequest('/api/alerts', { method: 'POST', body: {}, schema: noContent });
    await alert;
    await settle();
    expect(api.requests.map((request) => request.path)).toEqual(['/api/alerts']);

    markFirstPaintDone();
    await expect(read).resolves.toEqual({ ok: true });
    expect(api.requests.map((request) => request.path)).toEqual(['/api/alerts', '/api/profile']);
  });

  it('downloads on-demand code only after the first paint, showing its fallback until then', async () => {
    resetFirstPaintForTest();
    const load = vi.fn(
      async () =>
        function Card() {
          return <p>loaded card</p>;
        },
    );
    const LazyCard = lazyAfterFirstPaint('screen', load);
    render(
      <Suspense fallback={<p>placeholder</p>}>
        <LazyCard />
      </Suspense>,
    );
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    await settle();
    expect(load).not.toHaveBeenCalled();

    markFirstPaintDone();
    expect(await screen.findByText('loaded card')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('ends the wait two animation frames after the first commit', async () => {
    resetFirstPaintForTest();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let painted = false;
    void afterFirstPaint().then(() => {
      painted = true;
    });
    watchFirstPaint();
    frames.shift()?.(0);
    await settle();
    expect(painted).toBe(false);
    frames.shift()?.(16);
    await settle();
    expect(painted).toBe(true);
  });

  it('ends the wait on a timer in a tab that draws no frame (opened in the background)', async () => {
    resetFirstPaintForTest();
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    let painted = false;
    void afterFirstPaint().then(() => {
      painted = true;
    });
    watchFirstPaint();
    await vi.advanceTimersByTimeAsync(100);
    expect(painted).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(painted).toBe(true);
  });
});

describe('after the first paint, deferred work starts a few at a time in idle time', () => {
  afterEach(() => {
    markFirstPaintDone();
  });

  /** Defers one task per rank given, each noting when it starts in `started`. */
  function deferAll(ranks: [string, DeferredRank][], started: string[]): Promise<string>[] {
    return ranks.map(([name, rank]) =>
      whenIdleAfterFirstPaint(rank, () => {
        started.push(name);
        return name;
      }),
    );
  }

  /** A page whose frames and idle callbacks the test runs by hand, painted. */
  async function paintWithIdleByHand(): Promise<(() => void)[]> {
    const frames: FrameRequestCallback[] = [];
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    watchFirstPaint();
    frames.shift()?.(0);
    frames.shift()?.(16);
    await settle();
    return idle;
  }

  it('starts what the screen shows first, then what stands by, then what is kept warm, two per idle time', async () => {
    resetFirstPaintForTest();
    const started: string[] = [];
    const done = deferAll(
      [
        ['ward banner preload', 'warm'],
        ['fake call host', 'standby'],
        ['readiness card', 'screen'],
        ['quick actions', 'screen'],
        ['protection host', 'standby'],
        ['contacts card', 'screen'],
      ],
      started,
    );
    await settle();
    expect(started).toEqual([]);

    const idle = await paintWithIdleByHand();
    expect(started).toEqual([]);
    expect(idle).toHaveLength(1);

    idle.shift()?.();
    await settle();
    expect(started).toEqual(['readiness card', 'quick actions']);
    expect(idle).toHaveLength(1);

    idle.shift()?.();
    await settle();
    expect(started).toEqual(['readiness card', 'quick actions', 'contacts card', 'fake call host']);

    idle.shift()?.();
    await settle();
    idle.shift()?.();
    await settle();
    expect(started).toEqual([
      'readiness card',
      'quick actions',
      'contacts card',
      'fake call host',
      'protection host',
      'ward banner preload',
    ]);
    expect(idle).toHaveLength(0);
    await expect(Promise.all(done)).resolves.toEqual([
      'ward banner preload',
      'fake call host',
      'readiness card',
      'quick actions',
      'protection host',
      'contacts card',
    ]);
  });

  it('lets what the screen shows, asked for later, overtake what is still waiting', async () => {
    resetFirstPaintForTest();
    const started: string[] = [];
    deferAll(
      [
        ['journey heartbeat', 'standby'],
        ['side navigation', 'standby'],
        ['notice preload', 'warm'],
      ],
      started,
    );
    const idle = await paintWithIdleByHand();
    idle.shift()?.();
    await settle();
    expect(started).toEqual(['journey heartbeat', 'side navigation']);

    deferAll([['safety map', 'screen']], started);
    idle.shift()?.();
    await settle();
    expect(started).toEqual(['journey heartbeat', 'side navigation', 'safety map', 'notice preload']);
  });

  it('loses nothing when a task fails: its caller hears of it and the rest still start', async () => {
    resetFirstPaintForTest();
    const started: string[] = [];
    const failing = whenIdleAfterFirstPaint('screen', () => Promise.reject(new Error('chunk not fetched')));
    const others = deferAll(
      [
        ['toaster', 'screen'],
        ['recording outbox', 'standby'],
      ],
      started,
    );
    const idle = await paintWithIdleByHand();
    idle.shift()?.();
    await expect(failing).rejects.toThrow('chunk not fetched');
    await settle();
    idle.shift()?.();
    await expect(Promise.all(others)).resolves.toEqual(['toaster', 'recording outbox']);
  });

  it('falls back to a timer where the browser has no idle callbacks', async () => {
    resetFirstPaintForTest();
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('requestIdleCallback', undefined);
    const started: string[] = [];
    const done = deferAll(
      [
        ['readiness card', 'screen'],
        ['quick actions', 'screen'],
        ['fake call host', 'standby'],
      ],
      started,
    );
    watchFirstPaint();
    await vi.advanceTimersByTimeAsync(300);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toEqual(['readiness card', 'quick actions']);
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toEqual(['readiness card', 'quick actions', 'fake call host']);
    await expect(Promise.all(done)).resolves.toHaveLength(3);
  });

  it('does not let a download that never ends hold the rest up for good', async () => {
    resetFirstPaintForTest();
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    vi.stubGlobal('requestIdleCallback', undefined);
    const started: string[] = [];
    void whenIdleAfterFirstPaint('screen', () => new Promise<never>(() => undefined));
    deferAll(
      [
        ['quick actions', 'screen'],
        ['fake call host', 'standby'],
      ],
      started,
    );
    watchFirstPaint();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual(['quick actions']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toEqual(['quick actions', 'fake call host']);
  });
});
