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
  for (const sample of waveform) {
    const level = Math.abs(sample);
    if (level > peak) peak = level;
    sum += level;
  }
  return { peak, average: waveform.length ? sum / waveform.length : 0 };
}

/** Share of frequency bins above the loud value. */
export function loudBinShare(bins: SoundFrame['bins']): number {
  if (bins.length === 0) return 0;
  let loud = 0;
  for (const value of bins) if (value > PROTECTION.sound.loudBinValue) loud++;
  return loud / bins.length;
}

/** The loud-sound rule: peak or average at or above the threshold, or more than 15 % of the bins loud. */
export function isLoudSound(frame: SoundFrame, threshold: number = PROTECTION.sound.threshold): boolean {
  const { peak, average } = soundLevels(frame.waveform);
  return (
    peak >= threshold || average >= threshold || loudBinShare(frame.bins) > PROTECTION.sound.loudBinShare
  );
}

/**
 * A stateful loud-sound detector: feed it analyser frames with their time; it answers true on the frame that
 * completes a loud sound.
 */
export function createLoudSoundDetector(threshold: number = PROTECTION.sound.threshold): {
  push: (frame: SoundFrame, nowMs: number) => boolean;
} {
  return { push: (frame) => isLoudSound(frame, threshold) };
}
