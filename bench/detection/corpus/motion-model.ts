/**
 * How a phone's accelerometer readings are synthesised. Activities write the phone's linear acceleration (m/s², in
 * a world frame with z up) at an internal 240 Hz; `readOut` then does what the phone does: adds gravity (an
 * accelerometer measures specific force: +g upwards at rest, 0 in free fall), low-passes it (the sensor's own
 * filter, about 40 Hz), samples it at the DeviceMotion rate (60 Hz), turns it into the phone's own axes, adds
 * noise and a small per-axis bias, and clips at ±8 g, the range of most phone accelerometers.
 *
 * The figures behind each activity are in the comments and in the trace descriptions (motion-traces.ts); they are
 * typical values from gait and vibration studies, not measurements of a particular person or phone.
 */
import { highPass, lowPass, step, type Biquad } from './filters';
import type { Random } from './prng';

// Imported bindings compile to property reads under tsx; the per-sample loops use local copies.
const filterStep = step;

export const MOTION_RATE_HZ = 60;
export const INTERNAL_RATE_HZ = 240;
export const GRAVITY = 9.80665;
/** ±8 g per axis: the range most phone accelerometers report through DeviceMotion. */
const CLIP = 8 * GRAVITY;

/** The phone's linear acceleration over a trace, world frame, at the internal rate. */
export type Canvas = { x: Float64Array; y: Float64Array; z: Float64Array; length: number };

export function createCanvas(durationS: number): Canvas {
  const length = Math.round(durationS * INTERNAL_RATE_HZ);
  return { x: new Float64Array(length), y: new Float64Array(length), z: new Float64Array(length), length };
}

const at = (seconds: number): number => Math.round(seconds * INTERNAL_RATE_HZ);
const DT = 1 / INTERNAL_RATE_HZ;

/** A unit vector in a random direction, or in a random direction at `elevationDeg` above the horizon. */
export function direction(random: Random, elevationDeg?: number): [number, number, number] {
  const azimuth = random.between(0, 2 * Math.PI);
  const elevation =
    elevationDeg === undefined ? Math.asin(random.between(-1, 1)) : (elevationDeg * Math.PI) / 180;
  return [
    Math.cos(elevation) * Math.cos(azimuth),
    Math.cos(elevation) * Math.sin(azimuth),
    Math.sin(elevation),
  ];
}

/** A half-sine pulse of `peak` m/s² lasting `durationS`, along `axis`, starting at `startS`. */
export function pulse(
  canvas: Canvas,
  startS: number,
  durationS: number,
  peak: number,
  axis: readonly [number, number, number] = [0, 0, 1],
): void {
  const from = at(startS);
  const count = Math.max(1, Math.round(durationS * INTERNAL_RATE_HZ));
  for (let index = 0; index < count && from + index < canvas.length; index++) {
    const value = peak * Math.sin((Math.PI * (index + 0.5)) / count);
    addAt(canvas, from + index, value, axis);
  }
}

function addAt(canvas: Canvas, index: number, value: number, axis: readonly [number, number, number]): void {
  if (index < 0 || index >= canvas.length) return;
  canvas.x[index]! += value * axis[0];
  canvas.y[index]! += value * axis[1];
  canvas.z[index]! += value * axis[2];
}

/**
 * Band-limited random vibration between `lowHz` and `highHz` with the given RMS (m/s²) on each axis, scaled by
 * `envelope(t)` (0–1). Road vibration of a bus seat, a bicycle, a hand's slow wander.
 */
export function vibration(
  canvas: Canvas,
  random: Random,
  fromS: number,
  toS: number,
  options: {
    lowHz: number;
    highHz: number;
    rms: readonly [number, number, number];
    envelope?: (t: number) => number;
  },
): void {
  const axes = [canvas.x, canvas.y, canvas.z];
  for (let axis = 0; axis < 3; axis++) {
    const rms = options.rms[axis]!;
    if (rms === 0) continue;
    const band = [highPass(INTERNAL_RATE_HZ, options.lowHz), lowPass(INTERNAL_RATE_HZ, options.highHz)];
    // White noise of unit variance through the band; the band's share of the power sets the gain.
    const share = Math.min(1, (options.highHz - options.lowHz) / (INTERNAL_RATE_HZ / 2));
    const gain = rms / Math.sqrt(share);
    const target = axes[axis]!;
    // Let the filters settle before the first written sample.
    for (let index = 0; index < 2 * INTERNAL_RATE_HZ; index++) filtered(band, random.gaussian());
    for (let index = at(fromS); index < at(toS) && index < canvas.length; index++) {
      const envelope = options.envelope ? options.envelope(index * DT) : 1;
      target[index]! += gain * envelope * filtered(band, random.gaussian());
    }
  }
}

function filtered(chain: readonly Biquad[], input: number): number {
  let value = input;
  for (const filter of chain) value = filterStep(filter, value);
  return value;
}

/**
 * A hand moving the phone `distanceM` along `axis` in `durationS` with a minimum-jerk profile (how people move
 * their hands: Flash & Hogan 1985): peak acceleration 5.77·D/T², forwards then backwards.
 */
export function reach(
  canvas: Canvas,
  startS: number,
  durationS: number,
  distanceM: number,
  axis: readonly [number, number, number],
): void {
  const from = at(startS);
  const count = Math.round(durationS * INTERNAL_RATE_HZ);
  for (let index = 0; index < count; index++) {
    const tau = index / count;
    const value = (distanceM / durationS ** 2) * (60 * tau - 180 * tau ** 2 + 120 * tau ** 3);
    addAt(canvas, from + index, value, axis);
  }
}

/**
 * A phone held in a hand: physiological tremor (8–12 Hz, about 0.1 m/s² RMS) and the hand's slow wander
 * (0.2–2 Hz, about 0.15 m/s² RMS).
 */
export function holdInHand(canvas: Canvas, random: Random, fromS: number, toS: number): void {
  const tremor = random.between(0.06, 0.14);
  vibration(canvas, random, fromS, toS, { lowHz: 8, highHz: 12, rms: [tremor, tremor, tremor] });
  const wander = random.between(0.1, 0.2);
  vibration(canvas, random, fromS, toS, { lowHz: 0.2, highHz: 2, rms: [wander, wander, wander] });
}

/** Step-by-step gait. Every figure is per step; amplitudes vary from step to step (log-normal). */
export type Gait = {
  /** Steps per second. */
  cadenceHz: number;
  /** Heel-strike transient at the phone (m/s², median of a log-normal with this spread), and its length. */
  impactMedian: number;
  impactSpread: number;
  impactS: number;
  /** Smooth vertical oscillation of the body at the step frequency (m/s²). */
  verticalSway: number;
  /** Braking then propulsion along the direction of travel, and the side-to-side sway at the stride frequency. */
  foreAft: number;
  sideways: number;
};

/** Walking (and stairs): no flight phase, a heel strike every step on top of the body's smooth rise and fall. */
export function walk(canvas: Canvas, random: Random, fromS: number, toS: number, gait: Gait): void {
  const heading = random.between(0, 2 * Math.PI);
  const forwards: [number, number, number] = [Math.cos(heading), Math.sin(heading), 0];
  const side: [number, number, number] = [-Math.sin(heading), Math.cos(heading), 0];
  let t = fromS;
  let step = 0;
  while (t < toS) {
    const period = (1 / gait.cadenceHz) * (1 + 0.025 * random.gaussian());
    const size = Math.exp(0.12 * random.gaussian());
    const from = at(t);
    const count = at(period);
    for (let index = 0; index < count && from + index < at(toS); index++) {
      const phase = index / count;
      const vertical = gait.verticalSway * size * Math.cos(2 * Math.PI * (phase - 0.12));
      const foreAft = -gait.foreAft * size * Math.sin(2 * Math.PI * phase);
      const sideways = gait.sideways * size * Math.sin(Math.PI * phase) * (step % 2 ? 1 : -1);
      addAt(canvas, from + index, vertical, [0, 0, 1]);
      addAt(canvas, from + index, foreAft, forwards);
      addAt(canvas, from + index, sideways, side);
    }
    const impact = gait.impactMedian * Math.exp(gait.impactSpread * random.gaussian());
    pulse(canvas, t, gait.impactS * random.between(0.8, 1.2), impact);
    t += period;
    step++;
  }
}

export type Run = {
  cadenceHz: number;
  /** Share of each step with the foot on the ground (the rest is flight). */
  stanceShare: readonly [number, number];
  /** Heel-strike transient at the phone (m/s²). */
  impact: readonly [number, number];
  foreAft: number;
  sideways: number;
};

/**
 * Running. During flight the runner falls freely (the accelerometer reads about 0, so a magnitude with gravity
 * taken out reads about g); during stance the ground pushes back with a half-sine force whose average over the
 * step is body weight (momentum balance), so its peak is (π/2)·g/stanceShare: 2–2.6 g at stance shares of 0.6–0.75,
 * the 2–3 g vertical peaks reported at the hip and in trouser pockets.
 */
export function run(canvas: Canvas, random: Random, fromS: number, toS: number, gait: Run): void {
  const heading = random.between(0, 2 * Math.PI);
  const forwards: [number, number, number] = [Math.cos(heading), Math.sin(heading), 0];
  const side: [number, number, number] = [-Math.sin(heading), Math.cos(heading), 0];
  let t = fromS;
  let step = 0;
  while (t < toS) {
    const period = (1 / gait.cadenceHz) * (1 + 0.02 * random.gaussian());
    const stance = random.between(gait.stanceShare[0], gait.stanceShare[1]);
    // Soft tissue and clothing: the phone is never quite weightless in flight.
    const flightForce = random.between(0, 0.15) * GRAVITY;
    const peak = ((Math.PI / 2) * (GRAVITY - (1 - stance) * flightForce)) / stance;
    const from = at(t);
    const count = at(period);
    const stanceCount = Math.round(count * stance);
    for (let index = 0; index < count && from + index < at(toS); index++) {
      const force =
        index < stanceCount ? peak * Math.sin((Math.PI * (index + 0.5)) / stanceCount) : flightForce;
      const foreAft =
        index < stanceCount ? -gait.foreAft * Math.sin((2 * Math.PI * (index + 0.5)) / stanceCount) : 0;
      const sideways = gait.sideways * Math.sin((Math.PI * index) / count) * (step % 2 ? 1 : -1);
      addAt(canvas, from + index, force - GRAVITY, [0, 0, 1]);
      addAt(canvas, from + index, foreAft, forwards);
      addAt(canvas, from + index, sideways, side);
    }
    pulse(canvas, t, random.between(0.02, 0.03), random.between(gait.impact[0], gait.impact[1]));
    t += period;
    step++;
  }
}

export type Shake = {
  frequencyHz: number;
  /** Peak acceleration of the hand's back-and-forth (m/s²): (2πf)²·amplitude, e.g. ±2.5 cm at 5 Hz ≈ 25. */
  peak: number;
  axis: readonly [number, number, number];
};

/**
 * A person shaking the phone: a back-and-forth along one axis, not quite sinusoidal (the hand reverses sharply: a
 * third harmonic), each cycle a little different in strength and length, building up over the first cycle.
 */
export function shake(
  canvas: Canvas,
  random: Random,
  fromS: number,
  toS: number,
  { frequencyHz, peak, axis }: Shake,
): void {
  let t = fromS;
  let cycle = 0;
  while (t < toS) {
    const period = (1 / frequencyHz) * (1 + 0.06 * random.gaussian());
    const strength = peak * Math.min(1, (cycle + 1) / 2) * Math.exp(0.12 * random.gaussian());
    const from = at(t);
    const count = at(period);
    for (let index = 0; index < count && from + index < at(toS); index++) {
      const phase = (2 * Math.PI * index) / count;
      // Peaked at the turns: the third harmonic against the fundamental; 1.2 keeps `peak` the peak.
      const value = (strength * (Math.sin(phase) - 0.2 * Math.sin(3 * phase))) / 1.2;
      addAt(canvas, from + index, value, axis);
    }
    t += period;
    cycle++;
  }
}

/**
 * A phone let go `heightM` above a sofa: free fall (reads about 0, with a little tumbling: the accelerometer is a
 * few centimetres from the phone's centre), then a cushion modelled as a damped spring (natural frequency 3–6 Hz,
 * damping ratio 0.25–0.45), which throws it back up a little and settles it. Simulated at 20 kHz.
 * Returns the second the phone comes to rest.
 */
export function dropOnSofa(canvas: Canvas, random: Random, startS: number, heightM: number): number {
  const omega = 2 * Math.PI * random.between(3, 6);
  const damping = random.between(0.25, 0.45);
  const tumble = direction(random);
  const tumbleSize = random.between(0.2, 2.5);
  const substeps = 80;
  const dt = DT / substeps;
  let height = heightM;
  let velocity = 0;
  let index = at(startS);
  let settledFor = 0;
  while (index < canvas.length) {
    let sum = 0;
    let inAir = 0;
    for (let substep = 0; substep < substeps; substep++) {
      const contact = height < 0;
      const acceleration = contact
        ? -GRAVITY - omega * omega * height - 2 * damping * omega * velocity
        : -GRAVITY;
      velocity += acceleration * dt;
      height += velocity * dt;
      sum += acceleration;
      if (!contact) inAir++;
    }
    addAt(canvas, index, sum / substeps, [0, 0, 1]);
    if (inAir > 0) addAt(canvas, index, (tumbleSize * inAir) / substeps, tumble);
    // At rest: still in the cushion's hollow and barely moving.
    settledFor = Math.abs(velocity) < 0.005 && height < 0 ? settledFor + 1 : 0;
    index++;
    if (settledFor > INTERNAL_RATE_HZ / 4) break;
  }
  // Hold the cushion's static deflection (the phone lies in it) until the writer moves on.
  return index / INTERNAL_RATE_HZ;
}

/** A phone set down on a table: the hand's reach down, then the bump of contact. */
export function putDown(
  canvas: Canvas,
  random: Random,
  startS: number,
  bump: { peak: number; durationS: number },
): number {
  const reachS = random.between(0.5, 0.9);
  reach(canvas, startS, reachS, -random.between(0.2, 0.45), [0, 0, 1]);
  const contactS = startS + reachS;
  pulse(canvas, contactS, bump.durationS, bump.peak);
  return contactS + bump.durationS;
}

/** A phone picked up from a surface: a reach up of 20–45 cm in 0.5–0.9 s. */
export function pickUp(canvas: Canvas, random: Random, startS: number): number {
  const reachS = random.between(0.5, 0.9);
  reach(canvas, startS, reachS, random.between(0.2, 0.45), [0, 0, 1]);
  return startS + reachS;
}

/** The phone's orientation while a stretch of the trace lasts (it changes nothing a magnitude sees). */
export type Posture = { fromS: number; yaw: number; pitch: number; roll: number };

export type Readings = {
  rateHz: number;
  count: number;
  /** accelerationIncludingGravity, x y z interleaved. */
  withGravity: Float32Array;
  /** acceleration (gravity removed by the phone), x y z interleaved. */
  withoutGravity: Float32Array;
};

/** The sensor: gravity, the sensor's low-pass, 60 Hz sampling, the phone's axes, noise, bias, clipping. */
export function readOut(canvas: Canvas, random: Random, postures: readonly Posture[]): Readings {
  const decimation = INTERNAL_RATE_HZ / MOTION_RATE_HZ;
  const count = Math.floor(canvas.length / decimation);
  const withGravity = new Float32Array(count * 3);
  const withoutGravity = new Float32Array(count * 3);
  const filters = [0, 1, 2].map(() => lowPass(INTERNAL_RATE_HZ, 40));
  const linear = [0, 1, 2].map(() => lowPass(INTERNAL_RATE_HZ, 40));
  const bias = [0, 1, 2].map(() => random.gaussian(0, 0.08));
  const noiseSd = 0.025;
  // Settle the filters at rest.
  for (let index = 0; index < INTERNAL_RATE_HZ; index++) {
    filterStep(filters[0]!, 0);
    filterStep(filters[1]!, 0);
    filterStep(filters[2]!, GRAVITY);
  }
  let posture = 0;
  let rotation = rotationMatrix(postures[0] ?? { fromS: 0, yaw: 0, pitch: 0, roll: 0 });
  for (let index = 0; index < canvas.length; index++) {
    const fx = filterStep(filters[0]!, canvas.x[index]!);
    const fy = filterStep(filters[1]!, canvas.y[index]!);
    const fz = filterStep(filters[2]!, canvas.z[index]! + GRAVITY);
    const lx = filterStep(linear[0]!, canvas.x[index]!);
    const ly = filterStep(linear[1]!, canvas.y[index]!);
    const lz = filterStep(linear[2]!, canvas.z[index]!);
    if ((index + 1) % decimation !== 0) continue;
    const reading = (index + 1) / decimation - 1;
    const seconds = reading / MOTION_RATE_HZ;
    while (posture + 1 < postures.length && postures[posture + 1]!.fromS <= seconds) {
      posture++;
      rotation = rotationMatrix(postures[posture]!);
    }
    const noise = [random.gaussian(0, noiseSd), random.gaussian(0, noiseSd), random.gaussian(0, noiseSd)];
    for (let axis = 0; axis < 3; axis++) {
      const row = rotation[axis]!;
      const specific = row[0]! * fx + row[1]! * fy + row[2]! * fz + bias[axis]! + noise[axis]!;
      withGravity[reading * 3 + axis] = Math.max(-CLIP, Math.min(CLIP, specific));
      withoutGravity[reading * 3 + axis] = row[0]! * lx + row[1]! * ly + row[2]! * lz + noise[axis]!;
    }
  }
  return { rateHz: MOTION_RATE_HZ, count, withGravity, withoutGravity };
}

function rotationMatrix({ yaw, pitch, roll }: Posture): number[][] {
  const [cy, sy, cp, sp, cr, sr] = [
    Math.cos(yaw),
    Math.sin(yaw),
    Math.cos(pitch),
    Math.sin(pitch),
    Math.cos(roll),
    Math.sin(roll),
  ];
  // World → phone: the transpose of R = Rz(yaw)·Ry(pitch)·Rx(roll).
  const r = [
    [cy * cp, cy * sp * sr - sy * cr, cy * sp * cr + sy * sr],
    [sy * cp, sy * sp * sr + cy * cr, sy * sp * cr - cy * sr],
    [-sp, cp * sr, cp * cr],
  ];
  return [0, 1, 2].map((row) => [0, 1, 2].map((column) => r[column]![row]!));
}

export function randomPosture(random: Random, fromS: number): Posture {
  return {
    fromS,
    yaw: random.between(0, 2 * Math.PI),
    pitch: random.between(-Math.PI / 2, Math.PI / 2),
    roll: random.between(-Math.PI, Math.PI),
  };
}
