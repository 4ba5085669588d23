import { describe, expect, it, vi } from 'vitest';
import { playSound } from './sounds';

describe('sounds', () => {
  it('only warns when Web Audio is missing', () => {
    vi.stubGlobal('AudioContext', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => playSound('click')).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});
