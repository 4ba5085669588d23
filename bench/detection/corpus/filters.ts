/**
 * Second-order IIR filters (Robert Bristow-Johnson's audio EQ cookbook), used to shape noise and to model a
 * sensor's or microphone's frequency response. A filter is its coefficients and state in one Float64Array
 * (b0 b1 b2 a1 a2 x1 x2 y1 y2) run by `step`, which keeps audio-rate loops fast.
 */
export type Biquad = Float64Array;

function biquad(b0: number, b1: number, b2: number, a0: number, a1: number, a2: number): Biquad {
  return Float64Array.of(b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0, 0, 0, 0, 0);
}

/** One sample through the filter. */
export function step(filter: Biquad, input: number): number {
  const output =
    filter[0]! * input +
    filter[1]! * filter[5]! +
    filter[2]! * filter[6]! -
    filter[3]! * filter[7]! -
    filter[4]! * filter[8]!;
  filter[6] = filter[5]!;
  filter[5] = input;
  filter[8] = filter[7]!;
  filter[7] = output;
  return output;
}

/** A block through the filter, in place. */
export function run(filter: Biquad, block: Float32Array | Float64Array, from = 0, to = block.length): void {
  const [b0, b1, b2, a1, a2] = [filter[0]!, filter[1]!, filter[2]!, filter[3]!, filter[4]!];
  let x1 = filter[5]!;
  let x2 = filter[6]!;
  let y1 = filter[7]!;
  let y2 = filter[8]!;
  for (let index = from; index < to; index++) {
    const input = block[index]!;
    const output = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = input;
    y2 = y1;
    y1 = output;
    block[index] = output;
  }
  filter[5] = x1;
  filter[6] = x2;
  filter[7] = y1;
  filter[8] = y2;
}

/** Low-pass at `cutoffHz`; q = 1/√2 is Butterworth. */
export function lowPass(rateHz: number, cutoffHz: number, q = Math.SQRT1_2): Biquad {
  const w = (2 * Math.PI * cutoffHz) / rateHz;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return biquad((1 - cos) / 2, 1 - cos, (1 - cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

/** High-pass at `cutoffHz`; q = 1/√2 is Butterworth. */
export function highPass(rateHz: number, cutoffHz: number, q = Math.SQRT1_2): Biquad {
  const w = (2 * Math.PI * cutoffHz) / rateHz;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  return biquad((1 + cos) / 2, -(1 + cos), (1 + cos) / 2, 1 + alpha, -2 * cos, 1 - alpha);
}

/** Band-pass around `centreHz` with a peak gain of 1 (a resonator: a formant, a body mode). */
export function bandPass(rateHz: number, centreHz: number, q: number): Biquad {
  const filter = biquad(0, 0, 0, 1, 0, 0);
  retune(filter, rateHz, centreHz, q);
  return filter;
}

/** Moves a band-pass to a new centre, keeping its state (a formant gliding from one vowel to the next). */
export function retune(filter: Biquad, rateHz: number, centreHz: number, q: number): void {
  const w = (2 * Math.PI * Math.min(centreHz, rateHz * 0.45)) / rateHz;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  filter[0] = alpha / a0;
  filter[1] = 0;
  filter[2] = -alpha / a0;
  filter[3] = (-2 * Math.cos(w)) / a0;
  filter[4] = (1 - alpha) / a0;
}

/** Paul Kellett's "economy" pink-noise filter (about −3 dB/octave), a block in place; state is 3 numbers. */
export function pinkRun(
  state: Float64Array,
  block: Float32Array | Float64Array,
  from = 0,
  to = block.length,
): void {
  let b0 = state[0]!;
  let b1 = state[1]!;
  let b2 = state[2]!;
  for (let index = from; index < to; index++) {
    const white = block[index]!;
    b0 = 0.99765 * b0 + white * 0.099046;
    b1 = 0.963 * b1 + white * 0.2965164;
    b2 = 0.57 * b2 + white * 1.0526913;
    block[index] = (b0 + b1 + b2 + white * 0.1848) * 0.25;
  }
  state[0] = b0;
  state[1] = b1;
  state[2] = b2;
}

/**
 * Three filters side by side over one input, their outputs weighted and summed into `output` (a voice's formants):
 * one pass with the filters' state in locals, rather than three passes and two copies.
 */
export function runBank(
  bank: readonly [Biquad, Biquad, Biquad],
  gains: readonly [number, number, number],
  input: Float64Array,
  output: Float64Array,
  from: number,
  to: number,
): void {
  const [f, g, h] = bank;
  const [gf, gg, gh] = gains;
  const [fb0, fb1, fb2, fa1, fa2] = [f[0]!, f[1]!, f[2]!, f[3]!, f[4]!];
  const [gb0, gb1, gb2, ga1, ga2] = [g[0]!, g[1]!, g[2]!, g[3]!, g[4]!];
  const [hb0, hb1, hb2, ha1, ha2] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!];
  let [fx1, fx2, fy1, fy2] = [f[5]!, f[6]!, f[7]!, f[8]!];
  let [gx1, gx2, gy1, gy2] = [g[5]!, g[6]!, g[7]!, g[8]!];
  let [hx1, hx2, hy1, hy2] = [h[5]!, h[6]!, h[7]!, h[8]!];
  for (let index = from; index < to; index++) {
    const x = input[index]!;
    const fy = fb0 * x + fb1 * fx1 + fb2 * fx2 - fa1 * fy1 - fa2 * fy2;
    const gy = gb0 * x + gb1 * gx1 + gb2 * gx2 - ga1 * gy1 - ga2 * gy2;
    const hy = hb0 * x + hb1 * hx1 + hb2 * hx2 - ha1 * hy1 - ha2 * hy2;
    fx2 = fx1;
    fx1 = x;
    fy2 = fy1;
    fy1 = fy;
    gx2 = gx1;
    gx1 = x;
    gy2 = gy1;
    gy1 = gy;
    hx2 = hx1;
    hx1 = x;
    hy2 = hy1;
    hy1 = hy;
    output[index] = gf * fy + gg * gy + gh * hy;
  }
  f.set([fx1, fx2, fy1, fy2], 5);
  g.set([gx1, gx2, gy1, gy2], 5);
  h.set([hx1, hx2, hy1, hy2], 5);
}
