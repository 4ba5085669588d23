import { PROTECTION } from '../protection';

/** One motion reading: acceleration in m/s² on the phone's three axes. */
export type MotionReading = {
  x: number;
  y: number;
  z: number;
  /** True when the reading includes gravity (DeviceMotionEvent.accelerationIncludingGravity). */
  includesGravity: boolean;
};

const GRAVITY = 9.80665;

/**
 * How hard the phone is moving: the magnitude of its acceleration with gravity taken out. A phone lying still
 * reads about 0 either way (with gravity included, |a| ≈ g and we subtract it).
 */
export function motionMagnitude(reading: MotionReading): number {
  const magnitude = Math.hypot(reading.x, reading.y, reading.z);
  return reading.includesGravity ? Math.abs(magnitude - GRAVITY) : magnitude;
}

/**
 * The shake rule over the newest readings' magnitudes: over the last `window` readings the spread (max − min) is
 * above `minSpread`, the peak above `minPeak`, and the peak at or above the person's threshold.
 */
export function isShake(magnitudes: readonly number[], threshold: number): boolean {
  const { window, minSpread, minPeak } = PROTECTION.shake;
  if (magnitudes.length < window) return false;
  const recent = magnitudes.slice(-window);
  const peak = Math.max(...recent);
  const spread = peak - Math.min(...recent);
  return spread > minSpread && peak > minPeak && peak >= threshold;
}

/** A stateful shake detector: feed it readings; it answers true on the reading that completes a shake. */
export function createShakeDetector(threshold: number): { push: (reading: MotionReading) => boolean } {
  const buffer: number[] = [];
  return {
    push(reading) {
      buffer.push(motionMagnitude(reading));
      if (buffer.length > PROTECTION.shake.bufferSize) buffer.shift();
      return isShake(buffer, threshold);
    },
  };
}
