import { vi } from 'vitest';

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
