import { describe, expect, it } from 'vitest';
import { PROTECTION } from '../protection';
import {
  createLoudSoundDetector,
  isLoudSound,
  loudBinShare,
  soundLevels,
  type SoundFrame,
} from './loud-sound';

const BINS = PROTECTION.sound.fftSize / 2;

/** A frame whose waveform peaks at `peak` (one sample) over a steady `level`, with quiet bins unless given. */
function frame(
  peak: number,
  level = 0,
  bins: readonly number[] = new Array<number>(BINS).fill(0),
): SoundFrame {
  const waveform = new Float32Array(PROTECTION.sound.fftSize).fill(level);
  waveform[100] = -peak;
  return { waveform, bins };
}

const loud = frame(0.5);
const quiet = frame(0.01);

/** Feeds `frames` at `everyMs` from 0; answers the times (ms) of true answers. */
function detections(frames: readonly SoundFrame[], everyMs: number, sustainMs?: number): number[] {
  const detector = createLoudSoundDetector(PROTECTION.sound.threshold, sustainMs);
  return frames.flatMap((next, index) => (detector.push(next, index * everyMs) ? [index * everyMs] : []));
}

describe('soundLevels', () => {
  it('answers the peak and the average of the absolute samples', () => {
    expect(soundLevels([0.5, -1, 0, 0.5])).toEqual({ peak: 1, average: 0.5 });
    expect(soundLevels(new Float32Array([-0.25, 0.25]))).toEqual({ peak: 0.25, average: 0.25 });
  });

  it('is 0 for no samples', () => {
    expect(soundLevels([])).toEqual({ peak: 0, average: 0 });
  });
});

describe('loudBinShare', () => {
  it(`counts the bins above ${PROTECTION.sound.loudBinValue}, not at it`, () => {
    expect(loudBinShare([100, 101, 255, 0])).toBe(0.5);
    expect(loudBinShare(new Uint8Array([100, 100]))).toBe(0);
    expect(loudBinShare([])).toBe(0);
  });
});

describe('isLoudSound (one frame)', () => {
  it(`is loud from a peak of ${PROTECTION.sound.threshold}, not below`, () => {
    expect(isLoudSound(frame(0.3))).toBe(true);
    expect(isLoudSound(frame(0.29))).toBe(false);
  });

  // The average never reaches the threshold without the peak reaching it too: "or average" adds nothing, but a
  // steady sound at the threshold is loud as the rule says.
  it('is loud when a steady sound is at the threshold', () => {
    expect(isLoudSound(frame(0, 0.3))).toBe(true);
    expect(isLoudSound(frame(0, 0.29))).toBe(false);
  });

  it('takes another threshold when given one', () => {
    expect(isLoudSound(frame(0.29), 0.2)).toBe(true);
    expect(isLoudSound(frame(0.45), 0.5)).toBe(false);
  });

  it('does not count loud frequency bins: a quiet broadband sound is not loud', () => {
    const everyBinLoud = new Array<number>(BINS).fill(255);
    expect(loudBinShare(everyBinLoud)).toBe(1);
    expect(isLoudSound(frame(0.1, 0, everyBinLoud))).toBe(false);
  });
});

describe('createLoudSoundDetector', () => {
  const { sustainMs, maxGapMs } = PROTECTION.sound;

  it(`answers once loud frames have lasted ${sustainMs} ms, and on every loud frame after`, () => {
    const frames = Array<SoundFrame>(12).fill(loud);
    expect(detections(frames, 50)).toEqual([300, 350, 400, 450, 500, 550]);
  });

  it(`never answers for a loud moment shorter than ${sustainMs} ms (a door, a cup, a drum beat)`, () => {
    const bursts = Array.from({ length: 10 }, () => [
      loud,
      loud,
      loud,
      loud,
      loud,
      loud,
      quiet,
      quiet,
      quiet,
    ]).flat();
    expect(detections(bursts, 50)).toEqual([]);
  });

  it(`bridges a gap of up to ${maxGapMs} ms between loud frames, not longer`, () => {
    const gap = (quietFrames: number) => [
      loud,
      loud,
      loud,
      ...Array<SoundFrame>(quietFrames).fill(quiet),
      loud,
      loud,
      loud,
      loud,
    ];
    // Frames every 50 ms: one quiet frame is a gap of 100 ms between loud ones; two are 150 ms.
    expect(detections(gap(1), 50)).toEqual([300, 350]);
    expect(detections(gap(2), 50)).toEqual([]);
  });

  it('goes by time, not by frames: read every 16 ms it answers after the same 300 ms', () => {
    const frames = Array<SoundFrame>(30).fill(loud);
    expect(detections(frames, 16)[0]).toBe(304);
  });

  it('answers on the first loud frame when a sound need not last (the rule as first written)', () => {
    expect(detections([quiet, loud, quiet], 50, 0)).toEqual([50]);
  });

  it('starts counting again after the sound stopped', () => {
    const frames = [
      ...Array<SoundFrame>(4).fill(loud),
      quiet,
      quiet,
      quiet,
      ...Array<SoundFrame>(7).fill(loud),
    ];
    expect(detections(frames, 50)).toEqual([650]);
  });

  describe('a sound that stands out from what the phone has been hearing', () => {
    const { standOutShare, standOutRatio, backgroundMs, threshold } = PROTECTION.sound;
    const floor = threshold * standOutShare;
    /** `seconds` of frames every 50 ms at `peak`. */
    const steady = (peak: number, seconds: number): SoundFrame[] =>
      Array<SoundFrame>(seconds * 20).fill(frame(peak));

    it(`is loud from ${standOutShare.toFixed(2)} of the threshold in a quiet place`, () => {
      const background = steady(0.01, 10);
      expect(detections([...background, ...steady(floor, 1)], 50)).not.toEqual([]);
      expect(detections([...background, ...steady(floor - 0.01, 1)], 50)).toEqual([]);
    });

    it(`needs ${standOutRatio} times the median peak of the last ${backgroundMs / 1000} s: not over a loud bar's music`, () => {
      const music = steady(0.1, 10);
      expect(detections([...music, ...steady(0.25, 1)], 50)).toEqual([]);
      expect(detections([...music, ...steady(threshold, 1)], 50)).not.toEqual([]);
    });

    it('takes the median: a few loud frames (a door) do not raise what counts as usual', () => {
      const withDoors = steady(0.01, 10).map((next, index) => (index % 20 === 0 ? frame(0.9) : next));
      expect(detections([...withDoors, ...steady(0.25, 1)], 50)).not.toEqual([]);
    });

    it(`forgets what it heard more than ${backgroundMs / 1000} s ago`, () => {
      const musicThenQuiet = [...steady(0.1, 10), ...steady(0.01, 11)];
      expect(detections([...musicThenQuiet, ...steady(0.25, 1)], 50)).not.toEqual([]);
    });

    it('never stands out when it is as loud as everything heard so far', () => {
      expect(detections(steady(0.25, 1), 50)).toEqual([]);
    });
  });
});
