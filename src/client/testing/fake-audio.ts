import { vi } from 'vitest';
import * as sounds from '../lib/sounds';

/**
 * Frequencies of the tones started. lib/sounds keeps the first AudioContext it made for the whole app, so every
 * fake context reports here.
 */
const started: number[] = [];

/** A Web Audio stand-in that records the tones started. */
export function stubAudio(): { started: number[] } {
  started.length = 0;
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createGain() {
      return {
        gain: {
          value: 1,
          setValueAtTime: () => undefined,
          exponentialRampToValueAtTime: () => undefined,
          linearRampToValueAtTime: () => undefined,
        },
        connect: () => undefined,
        disconnect: () => undefined,
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

/**
 * Sounds recorded instead of played: the test reads `playSound`'s calls (imported from lib/sounds, it is this spy
 * until the test ends), and the Sound setting stays on whatever a profile says. A spy rather than `vi.mock`, which
 * cannot replace a module other test files of the worker have already loaded (the client tests share modules).
 */
export function recordSounds(): void {
  vi.spyOn(sounds, 'playSound').mockImplementation(() => undefined);
  vi.spyOn(sounds, 'playTone').mockImplementation(() => undefined);
  vi.spyOn(sounds, 'setSoundEnabled').mockImplementation(() => undefined);
  vi.spyOn(sounds, 'isSoundEnabled').mockReturnValue(true);
}
