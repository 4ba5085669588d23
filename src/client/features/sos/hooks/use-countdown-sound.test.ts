import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSoundEnabled } from '../../../lib/sounds';
import { stubAudio } from '../../../testing/fake-audio';
import { useCountdown } from './use-countdown';

afterEach(() => {
  setSoundEnabled(true);
});

describe('the countdown’s sounds', () => {
  it('keeps the countdown’s beeps and alert silent when the setting is off, whatever the caller passes', async () => {
    vi.useFakeTimers();
    const audio = stubAudio();
    const run = async (): Promise<void> => {
      const { unmount } = renderHook(() =>
        useCountdown({ onConfirm: () => undefined, soundEnabled: true, seconds: 2, tickMs: 1000 }),
      );
      await act(() => vi.advanceTimersByTimeAsync(3000));
      unmount();
    };
    // Sound on: the beep (1000 Hz) and the two-tone alert (1500 Hz, 1200 Hz).
    await run();
    expect(audio.started).toEqual([1000, 1500, 1200]);

    audio.started.length = 0;
    setSoundEnabled(false);
    await run();
    expect(audio.started).toEqual([]);
  });
});
