import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAudio } from '../testing/fake-audio';
import { playSound, playTone, setSoundEnabled } from './sounds';

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
});
