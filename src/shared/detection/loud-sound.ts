import { PROTECTION } from '../protection';

/**
 * One analyser frame (AnalyserNode, fftSize 1024, smoothing 0.1): the waveform (getFloatTimeDomainData, −1…1)
 * and the frequency bins (getByteFrequencyData, 0–255).
 */
export type SoundFrame = { waveform: Float32Array | readonly number[]; bins: Uint8Array | readonly number[] };

/** Peak and average absolute level of the waveform, 0–1. */
export function soundLevels(waveform: SoundFrame['waveform']): { peak: number; average: number } {
  let peak = 0;
  let sum = 0;
  // Indexed rather than for…of: this runs on every frame, 20 or more times a second.
  for (let index = 0; index < waveform.length; index++) {
    const level = Math.abs(waveform[index]!);
    if (level > peak) peak = level;
    sum += level;
  }
  return { peak, average: waveform.length ? sum / waveform.length : 0 };
}

/**
 * Share of frequency bins above the loud value: how broadband a sound is. Not part of the loud-sound rule since
 * decision 035 (music, traffic and a busy café pass it; a scream, whose energy sits in a few harmonics, often
 * does not).
 */
export function loudBinShare(bins: SoundFrame['bins']): number {
  if (bins.length === 0) return 0;
  let loud = 0;
  for (const value of bins) if (value > PROTECTION.sound.loudBinValue) loud++;
  return loud / bins.length;
}

/** Whether one frame is loud: its peak or average level at or above the threshold. */
export function isLoudSound(frame: SoundFrame, threshold: number = PROTECTION.sound.threshold): boolean {
  const { peak, average } = soundLevels(frame.waveform);
  return peak >= threshold || average >= threshold;
}

/**
 * The median of the peaks of the frames of the last `backgroundMs`: what the phone has been hearing. Kept sorted as
 * frames come and go, so each frame costs a binary search and a splice rather than a sort.
 */
function createBackground(backgroundMs: number): {
  median: () => number | null;
  add: (peak: number, nowMs: number) => void;
} {
  const arrivals: Array<{ atMs: number; peak: number }> = [];
  const sorted: number[] = [];
  const position = (peak: number): number => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < peak) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    median: () => (sorted.length ? sorted[sorted.length >> 1]! : null),
    add(peak, nowMs) {
      arrivals.push({ atMs: nowMs, peak });
      sorted.splice(position(peak), 0, peak);
      while (arrivals.length > 0 && arrivals[0]!.atMs <= nowMs - backgroundMs) {
        sorted.splice(position(arrivals.shift()!.peak), 1);
      }
    },
  };
}

/**
 * A stateful loud-sound detector: feed it analyser frames with their time (read every 50 ms or more often); it
 * answers true on each frame that completes a loud sound: loud frames for at least `sustainMs`, none more than
 * `maxGapMs` after the previous loud one. A frame is loud when `isLoudSound` says so, or when it stands out from
 * the last `backgroundMs`: its peak at or above `standOutShare` of the threshold and `standOutRatio` times the
 * median peak of those frames (a shout in a quiet room, though not a shout over a loud bar's music). A scream or a
 * shout lasts half a second and more; a door, a cup set down or a drum beat is over in a tenth (decision 035).
 * `sustainMs` is the app's constant; the benchmark tries others.
 */
export function createLoudSoundDetector(
  threshold: number = PROTECTION.sound.threshold,
  sustainMs: number = PROTECTION.sound.sustainMs,
): {
  push: (frame: SoundFrame, nowMs: number) => boolean;
} {
  const { maxGapMs, standOutShare, standOutRatio, backgroundMs } = PROTECTION.sound;
  const background = createBackground(backgroundMs);
  let startedAt: number | null = null;
  let lastLoudAt = Number.NEGATIVE_INFINITY;
  return {
    push(frame, nowMs) {
      const { peak, average } = soundLevels(frame.waveform);
      const usual = background.median();
      const loud =
        peak >= threshold ||
        average >= threshold ||
        (usual !== null && peak >= threshold * standOutShare && peak >= standOutRatio * usual);
      background.add(peak, nowMs);
      if (!loud) {
        if (nowMs - lastLoudAt > maxGapMs) startedAt = null;
        return false;
      }
      if (startedAt === null || nowMs - lastLoudAt > maxGapMs) startedAt = nowMs;
      lastLoudAt = nowMs;
      return nowMs - startedAt >= sustainMs;
    },
  };
}
