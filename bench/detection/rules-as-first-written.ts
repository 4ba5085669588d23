/**
 * The shake and loud-sound rules as they were first written (before decision 035), with their constants, kept so
 * the benchmark can print their figures beside the current rules'. The keyword rule and the cooldown did not
 * change. Not used by the app.
 */
import type { MotionReading } from '../../src/shared/detection/shake';
import type { SoundFrame } from '../../src/shared/detection/loud-sound';

const FIRST = {
  shake: { bufferSize: 30, window: 3, minSpread: 1.5, minPeak: 6 },
  sound: { threshold: 0.3, loudBinValue: 100, loudBinShare: 0.15 },
} as const;

const GRAVITY = 9.80665;

function magnitude(reading: MotionReading): number {
  const size = Math.hypot(reading.x, reading.y, reading.z);
  return reading.includesGravity ? Math.abs(size - GRAVITY) : size;
}

/** Over the newest 3 readings: spread above 1.5, peak above 6 and at or above the threshold. */
export function createFirstShakeDetector(threshold: number): { push: (reading: MotionReading) => boolean } {
  const buffer: number[] = [];
  const { bufferSize, window, minSpread, minPeak } = FIRST.shake;
  return {
    push(reading) {
      buffer.push(magnitude(reading));
      if (buffer.length > bufferSize) buffer.shift();
      if (buffer.length < window) return false;
      const recent = buffer.slice(-window);
      const peak = Math.max(...recent);
      const spread = peak - Math.min(...recent);
      return spread > minSpread && peak > minPeak && peak >= threshold;
    },
  };
}

/** Every frame on its own: peak or average at or above the threshold, or more than 15 % of bins above 100. */
export function createFirstLoudSoundDetector(threshold: number = FIRST.sound.threshold): {
  push: (frame: SoundFrame, nowMs: number) => boolean;
} {
  return {
    push(frame) {
      const { waveform, bins } = frame;
      let peak = 0;
      let sum = 0;
      for (let index = 0; index < waveform.length; index++) {
        const level = Math.abs(waveform[index]!);
        if (level > peak) peak = level;
        sum += level;
      }
      const average = waveform.length ? sum / waveform.length : 0;
      let loud = 0;
      for (let index = 0; index < bins.length; index++) if (bins[index]! > FIRST.sound.loudBinValue) loud++;
      const share = bins.length ? loud / bins.length : 0;
      return peak >= threshold || average >= threshold || share > FIRST.sound.loudBinShare;
    },
  };
}
