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
 * How hard one reading says the phone is moving, on its own: the magnitude of its acceleration with gravity taken
 * out. A phone lying still reads about 0 either way (with gravity included, |a| ≈ g and we subtract it). A reading
 * with gravity cannot say which way the phone moves, and a sideways push reads smaller than it is
 * (√(g² + a²) − g): the shake detector follows gravity over several readings instead.
 */
export function motionMagnitude(reading: MotionReading): number {
  const magnitude = Math.hypot(reading.x, reading.y, reading.z);
  return reading.includesGravity ? Math.abs(magnitude - GRAVITY) : magnitude;
}

/**
 * One swing of a shake, over the newest readings' magnitudes: over the last `window` readings the spread (max −
 * min) is above `minSpread`, the peak above `minPeak`, and the peak at or above the person's threshold. A swing
 * alone is only a jolt (a footstep, a pothole, a phone landing on a sofa all make one): `createShakeDetector` asks
 * for several, back and forth.
 */
export function isShake(magnitudes: readonly number[], threshold: number): boolean {
  const { window, minSpread, minPeak } = PROTECTION.shake;
  if (magnitudes.length < window) return false;
  const recent = magnitudes.slice(-window);
  const peak = Math.max(...recent);
  const spread = peak - Math.min(...recent);
  return spread > minSpread && peak > minPeak && peak >= threshold;
}

type Vector = [number, number, number];

/**
 * A stateful shake detector: feed it readings (at the DeviceMotion rate, about 60 a second); it answers true on
 * the reading that completes a shake, and on each after it while the shake's swings are still in its buffer (the
 * cooldown keeps that to one detection).
 *
 * A shake is `swingsNeeded` swings within the newest `bufferSize` readings, each the other way from the one
 * before. A swing is a reading at or above the threshold that completes `isShake`'s jolt, after the acceleration
 * fell below `rearmShare` of the threshold since the previous swing. Readings with gravity have it taken out by a
 * low-pass estimate, which gives each swing its direction. Running (about 2.8 steps a second) swings up and down at
 * most about 6 times a second; a hand shaking the phone at 4 Hz swings 8 times: the five reversals within 0.6 s
 * tell them apart (decision 035).
 */
export function createShakeDetector(threshold: number): { push: (reading: MotionReading) => boolean } {
  const { window, bufferSize, swingsNeeded, rearmShare, gravityReadings } = PROTECTION.shake;
  const magnitudes: number[] = [];
  /** The reading numbers of the swings still in the buffer. */
  const swings: number[] = [];
  let gravity: Vector | null = null;
  let lastDirection: Vector | null = null;
  let armed = true;
  let count = 0;
  return {
    push(reading) {
      count++;
      let motion: Vector = [reading.x, reading.y, reading.z];
      if (reading.includesGravity) {
        const previous: Vector = gravity ?? motion;
        gravity = [0, 1, 2].map(
          (axis) => previous[axis]! + (motion[axis]! - previous[axis]!) / gravityReadings,
        ) as Vector;
        const estimate = gravity;
        motion = [0, 1, 2].map((axis) => motion[axis]! - estimate[axis]!) as Vector;
      }
      const magnitude = Math.hypot(...motion);
      magnitudes.push(magnitude);
      if (magnitudes.length > window) magnitudes.shift();
      while (swings.length > 0 && swings[0]! <= count - bufferSize) swings.shift();
      if (magnitude < threshold * rearmShare) armed = true;
      if (armed && magnitude >= threshold && isShake(magnitudes, threshold)) {
        armed = false;
        const direction = motion.map((value) => value / magnitude) as Vector;
        const reverses =
          lastDirection === null ||
          direction[0] * lastDirection[0] +
            direction[1] * lastDirection[1] +
            direction[2] * lastDirection[2] <
            0;
        // The same way again (a second footstep) replaces the last swing rather than adding one.
        if (reverses || swings.length === 0) swings.push(count);
        else swings[swings.length - 1] = count;
        lastDirection = direction;
      }
      return swings.length >= swingsNeeded;
    },
  };
}
