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
    const LazyCard = lazyAfterFirstPaint(load);
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
