import { describe, expect, it } from 'vitest';
import { PROTECTION } from '../protection';
import { createShakeDetector, isShake, motionMagnitude, type MotionReading } from './shake';

const G = 9.80665;
const RATE_HZ = 60;

/** Readings without gravity (DeviceMotionEvent.acceleration) along x. */
const alongX = (values: readonly number[]): MotionReading[] =>
  values.map((x) => ({ x, y: 0, z: 0, includesGravity: false }));

/** `seconds` of a phone shaken along `axis` at `hz` with `peak` m/s², as accelerationIncludingGravity. */
function shaking(
  hz: number,
  peak: number,
  seconds: number,
  axis: readonly [number, number, number],
): MotionReading[] {
  return Array.from({ length: Math.round(seconds * RATE_HZ) }, (_, index) => {
    const a = peak * Math.sin((2 * Math.PI * hz * index) / RATE_HZ);
    return { x: a * axis[0], y: a * axis[1], z: G + a * axis[2], includesGravity: true };
  });
}

const lyingStill = (seconds: number): MotionReading[] =>
  Array.from({ length: seconds * RATE_HZ }, () => ({ x: 0, y: 0, z: G, includesGravity: true }));

/** The 1-based number of the reading on which the detector first answers true, or null. */
function firstDetection(threshold: number, readings: readonly MotionReading[]): number | null {
  const detector = createShakeDetector(threshold);
  const index = readings.findIndex((reading) => detector.push(reading));
  return index === -1 ? null : index + 1;
}

const SIDEWAYS = [1, 0, 0] as const;
const UP_DOWN = [0, 0, 1] as const;

describe('motionMagnitude', () => {
  it('takes gravity out of a reading that includes it, and reads about 0 for a phone at rest', () => {
    expect(motionMagnitude({ x: 0, y: 0, z: G, includesGravity: true })).toBeCloseTo(0, 12);
    expect(motionMagnitude({ x: 0, y: 0, z: G + 5, includesGravity: true })).toBeCloseTo(5, 12);
    // Free fall reads no acceleration at all: g from the rest.
    expect(motionMagnitude({ x: 0, y: 0, z: 0, includesGravity: true })).toBeCloseTo(G, 12);
  });

  it('is the plain magnitude of a reading without gravity', () => {
    expect(motionMagnitude({ x: 3, y: 4, z: 0, includesGravity: false })).toBe(5);
  });
});

describe('isShake (one swing)', () => {
  it('needs three readings', () => {
    expect(isShake([], 8)).toBe(false);
    expect(isShake([0, 20], 8)).toBe(false);
    expect(isShake([0, 0, 20], 8)).toBe(true);
  });

  it('looks at the newest three readings only', () => {
    expect(isShake([20, 0, 0, 0], 8)).toBe(false);
    expect(isShake([0, 0, 0, 20], 8)).toBe(true);
  });

  it(`needs a spread above ${PROTECTION.shake.minSpread}: exactly ${PROTECTION.shake.minSpread} is not enough`, () => {
    expect(isShake([6.5, 8, 8], 8)).toBe(false);
    expect(isShake([6.49, 8, 8], 8)).toBe(true);
  });

  it(`needs a peak above ${PROTECTION.shake.minPeak} whatever the threshold: exactly ${PROTECTION.shake.minPeak} is not enough`, () => {
    expect(isShake([0, 0, 6], 5)).toBe(false);
    expect(isShake([0, 0, 6.01], 5)).toBe(true);
  });

  it('needs the peak at or above the threshold: exactly the threshold is enough', () => {
    expect(isShake([0, 0, 10], 10)).toBe(true);
    expect(isShake([0, 0, 10], 10.01)).toBe(false);
    expect(isShake([0, 0, 25], 25)).toBe(true);
  });
});

describe('createShakeDetector', () => {
  const threshold = PROTECTION.motionThreshold.default;
  /** Swings along x at `every` readings, alternating in direction unless `sameWay`. */
  const swings = (count: number, every: number, size = 20, sameWay = false): MotionReading[] =>
    alongX(
      Array.from({ length: count }, (_, index) => [
        ...Array<number>(every - 1).fill(0),
        sameWay || index % 2 === 0 ? size : -size,
      ]).flat(),
    );

  it(`answers a shake on its ${PROTECTION.shake.swingsNeeded}th swing back and forth, not before`, () => {
    const readings = swings(PROTECTION.shake.swingsNeeded, 6);
    const detector = createShakeDetector(threshold);
    const answers = readings.map((reading) => detector.push(reading));
    expect(answers.slice(0, -1).every((answer) => !answer)).toBe(true);
    expect(answers.at(-1)).toBe(true);
  });

  it('does not count jolts the same way as swings: footsteps are not a shake', () => {
    expect(firstDetection(threshold, swings(20, 6, 20, true))).toBeNull();
  });

  it(`needs the swings within ${PROTECTION.shake.bufferSize} readings`, () => {
    const span = PROTECTION.shake.bufferSize;
    const gaps = span / (PROTECTION.shake.swingsNeeded - 1);
    // Five swings from the first to the last exactly `bufferSize` readings apart: the first has left the buffer.
    expect(firstDetection(threshold, swings(PROTECTION.shake.swingsNeeded, gaps))).toBeNull();
    expect(firstDetection(threshold, swings(PROTECTION.shake.swingsNeeded, gaps - 1))).not.toBeNull();
  });

  it('counts a new swing only after the acceleration fell below half the threshold', () => {
    const between = (low: number) =>
      alongX(Array.from({ length: 8 }, (_, index) => [low, low, index % 2 ? -20 : 20]).flat());
    expect(firstDetection(threshold, between(threshold / 2))).toBeNull();
    expect(firstDetection(threshold, between(threshold / 2 - 0.01))).not.toBeNull();
  });

  it('compares each swing with the person’s threshold', () => {
    const shake = shaking(5, 12, 2, SIDEWAYS);
    expect(firstDetection(10, shake)).not.toBeNull();
    expect(firstDetection(15, shake)).toBeNull();
  });

  it('never answers for a phone lying still', () => {
    expect(firstDetection(PROTECTION.motionThreshold.min, lyingStill(10))).toBeNull();
  });

  it('finds a vigorous shake within 0.6 s, sideways or up and down, with gravity in the readings', () => {
    for (const axis of [SIDEWAYS, UP_DOWN]) {
      const detectedOn = firstDetection(threshold, [...lyingStill(2), ...shaking(5, 25, 2, axis)]);
      expect(detectedOn).not.toBeNull();
      expect(detectedOn! - 2 * RATE_HZ).toBeLessThanOrEqual(PROTECTION.shake.bufferSize);
    }
  });

  it('measures a sideways shake at its full size, although a single reading with gravity reads it smaller', () => {
    // 15 m/s² sideways reads √(g² + 15²) − g ≈ 8.1 from one reading: below a threshold of 12.
    const peakReading = { x: 15, y: 0, z: G, includesGravity: true };
    expect(motionMagnitude(peakReading)).toBeLessThan(12);
    expect(firstDetection(12, [...lyingStill(2), ...shaking(5, 15, 2, SIDEWAYS)])).not.toBeNull();
  });

  it('finds the same shake in readings without gravity', () => {
    const withoutGravity = shaking(5, 20, 2, SIDEWAYS).map((reading) => ({
      ...reading,
      z: reading.z - G,
      includesGravity: false,
    }));
    expect(firstDetection(threshold, withoutGravity)).not.toBeNull();
  });

  it('tells a run (up and down at 2.8 Hz) from a shake (5 Hz) of the same size', () => {
    expect(firstDetection(threshold, [...lyingStill(2), ...shaking(2.8, 12, 10, UP_DOWN)])).toBeNull();
    expect(firstDetection(threshold, [...lyingStill(2), ...shaking(5, 12, 10, UP_DOWN)])).not.toBeNull();
  });

  it('does not take a drop (free fall, then landing) for a shake', () => {
    const freeFall = Array.from({ length: 20 }, () => ({ x: 0, y: 0, z: 0, includesGravity: true }));
    const landing = [3, 6, 4].map((g) => ({ x: 0, y: 0, z: g * G, includesGravity: true }));
    expect(
      firstDetection(PROTECTION.motionThreshold.min, [
        ...lyingStill(2),
        ...freeFall,
        ...landing,
        ...lyingStill(2),
      ]),
    ).toBeNull();
  });
});
