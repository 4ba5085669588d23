import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '../features/sos/hooks/use-countdown';
import { playSound, playTone, setSoundEnabled } from './sounds';

/**
 * Frequencies of the tones started. lib/sounds keeps the first AudioContext it made for the whole app, so every
 * fake context reports here.
 */
const started: number[] = [];

/** A Web Audio stand-in that records the tones started. */
function stubAudio(): { started: number[] } {
  started.length = 0;
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      return {
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: () => undefined,
      };
    }
    createOscillator() {
      const frequency = { value: 0, setValueAtTime: (value: number) => (frequency.value = value) };
      return {
        type: 'sine',
        frequency,
        connect: () => undefined,
        start: () => started.push(frequency.value),
        stop: () => undefined,
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { started };
}

afterEach(() => {
  setSoundEnabled(true);
});

describe('sounds', () => {
  it('only warns when Web Audio is missing', () => {
    vi.stubGlobal('AudioContext', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => playSound('click')).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });

  // The module keeps one AudioContext once made: these tests run after one exists or create the fake first.
  it('plays the tones while sound is on, and nothing once the person turned sound off', () => {
    const audio = stubAudio();
    playSound('toggleOn');
    const playedWhileOn = audio.started.length;
    expect(playedWhileOn).toBe(1);
    setSoundEnabled(false);
    playSound('click');
    playSound('emergencyAlert');
    playTone({ frequency: 440, durationMs: 100, volume: 0.2 });
    expect(audio.started.length).toBe(playedWhileOn);
  });

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
