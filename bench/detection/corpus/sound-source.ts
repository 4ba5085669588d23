/**
 * Sound sources: each adds its sound pressure at the phone (pascals) into blocks of samples, in order. A trace is
 * a list of sources; sound-model.ts mixes them and turns the sum into what the microphone delivers. Sources work a
 * block at a time (an hour of sound is 170 million samples: synthesis has to be quick).
 */
import { highPass, lowPass, pinkRun, run, type Biquad } from './filters';
import { createWhiteNoise, type Random } from './prng';

export const SAMPLE_RATE = 48_000;

/** Sound pressure (Pa RMS) of a level in dB SPL (re 20 µPa). */
export const pascals = (decibels: number): number => 20e-6 * 10 ** (decibels / 20);

/** Level at `distanceM` of a sound that is `decibelsAt1m` at 1 m: spherical spreading, −6 dB per doubling. */
export const atDistance = (decibelsAt1m: number, distanceM: number): number =>
  decibelsAt1m - 20 * Math.log10(distanceM);

export const sample = (seconds: number): number => Math.round(seconds * SAMPLE_RATE);

export type Source = {
  /** First and last sample (exclusive) it can add to. */
  from: number;
  to: number;
  /** Add this source's pressure into `block`, whose first sample is sample number `start` of the trace. */
  render: (block: Float32Array, start: number) => void;
};

/** The indexes of `block` (starting at sample `start`) that fall in [from, to). */
export function within(block: Float32Array, start: number, from: number, to: number): [number, number] {
  return [Math.max(0, from - start), Math.max(0, Math.min(block.length, to - start))];
}

/** RMS of what `render` produces over `seconds` (used to set a source's level). */
export function measureRms(render: (block: Float32Array, start: number) => void, seconds: number): number {
  const block = new Float32Array(SAMPLE_RATE / 10);
  let sum = 0;
  let count = 0;
  for (let start = 0; start < seconds * SAMPLE_RATE; start += block.length) {
    block.fill(0);
    render(block, start);
    for (let index = 0; index < block.length; index++) sum += block[index]! * block[index]!;
    count += block.length;
  }
  return Math.sqrt(sum / count);
}

export type NoiseOptions = {
  fromS: number;
  toS: number;
  /** Level in dB SPL at the phone (long-term RMS, before `envelope`). */
  decibels: number;
  color: 'white' | 'pink' | 'brown';
  /** Optional band (Butterworth high-pass and low-pass). */
  lowHz?: number;
  highHz?: number;
  /** Gain over time (seconds of the trace → factor), e.g. a passing car's swell. */
  envelope?: (seconds: number) => number;
};

/** A noise generator writing coloured, band-limited noise of unit-ish level into a block. */
function noiseGenerator(
  random: Random,
  options: NoiseOptions,
): (block: Float64Array, from: number, to: number) => void {
  const white = createWhiteNoise(random);
  const pink = new Float64Array(3);
  let brown = 0;
  const band: Biquad[] = [];
  if (options.lowHz) band.push(highPass(SAMPLE_RATE, options.lowHz));
  if (options.highHz) band.push(lowPass(SAMPLE_RATE, options.highHz));
  return (block, from, to) => {
    white.fill(block, from, to);
    if (options.color === 'pink') pinkRun(pink, block, from, to);
    else if (options.color === 'brown') {
      for (let index = from; index < to; index++) {
        brown = 0.995 * brown + 0.1 * block[index]!;
        block[index] = brown;
      }
    }
    for (const filter of band) run(filter, block, from, to);
  };
}

/** Coloured noise: air conditioning, traffic, wind, a steam wand. */
export function noise(random: Random, options: NoiseOptions): Source {
  const probe = noiseGenerator(random.fork('calibration'), options);
  const scratch = new Float64Array(SAMPLE_RATE);
  const rms = measureRms((block) => {
    probe(scratch, 0, block.length);
    for (let index = 0; index < block.length; index++) block[index] = scratch[index]!;
  }, 2);
  const gain = pascals(options.decibels) / rms;
  const generate = noiseGenerator(random.fork('noise'), options);
  const from = sample(options.fromS);
  const to = sample(options.toS);
  const { envelope } = options;
  return {
    from,
    to,
    render(block, start) {
      const [first, last] = within(block, start, from, to);
      generate(scratch, first, last);
      if (envelope) {
        // An envelope changes over seconds: evaluating it once a millisecond is plenty.
        let factor = 0;
        for (let index = first; index < last; index++) {
          if (index === first || (start + index) % 48 === 0)
            factor = gain * envelope((start + index) / SAMPLE_RATE);
          block[index]! += factor * scratch[index]!;
        }
      } else for (let index = first; index < last; index++) block[index]! += gain * scratch[index]!;
    },
  };
}

/** A hum: mains-frequency harmonics of a fridge or a transformer. */
export function hum(options: { fromS: number; toS: number; decibels: number; hz: number }): Source {
  const table = wavetable([1, 0.5]);
  const amplitude = pascals(options.decibels) / rmsOf(table);
  const from = sample(options.fromS);
  const to = sample(options.toS);
  return {
    from,
    to,
    render(block, start) {
      const [first, last] = within(block, start, from, to);
      for (let index = first; index < last; index++)
        block[index]! += amplitude * lookup(table, (options.hz * (start + index)) / SAMPLE_RATE);
    },
  };
}

/** A struck thing: damped partials and a crack of noise (a cup, a plate, a door's thump, a cough's burst). */
export function strike(options: {
  atS: number;
  /** Peak pressure in dB SPL (the level of a sine with this peak). */
  peakDecibels: number;
  partials: ReadonlyArray<{ hz: number; amplitude: number; decayS: number }>;
  /** A noise burst at the start, relative amplitude, decay and band. */
  click?: { amplitude: number; decayS: number; lowHz: number; highHz: number };
  random: Random;
}): Source {
  const longest = Math.max(...options.partials.map((partial) => partial.decayS), options.click?.decayS ?? 0);
  const from = sample(options.atS);
  const to = from + sample(longest * 6);
  const total =
    options.partials.reduce((sum, partial) => sum + partial.amplitude, 0) + (options.click?.amplitude ?? 0);
  const scale = (pascals(options.peakDecibels) * Math.SQRT2) / total;
  // Each partial is a damped rotation: (re, im) turns by ω and shrinks by exp(−1/(decay·rate)) every sample.
  const partials = options.partials.map((partial) => {
    const shrink = Math.exp(-1 / (partial.decayS * SAMPLE_RATE));
    const angle = (2 * Math.PI * partial.hz) / SAMPLE_RATE;
    return {
      re: partial.amplitude * scale,
      im: 0,
      cos: shrink * Math.cos(angle),
      sin: shrink * Math.sin(angle),
    };
  });
  const white = createWhiteNoise(options.random);
  const { click } = options;
  const band = click ? [highPass(SAMPLE_RATE, click.lowHz), lowPass(SAMPLE_RATE, click.highHz)] : [];
  const clickShrink = click ? Math.exp(-1 / (click.decayS * SAMPLE_RATE)) : 0;
  let clickLevel = click ? click.amplitude * 2 * scale : 0;
  const scratch = new Float64Array(SAMPLE_RATE);
  return {
    from,
    to,
    render(block, start) {
      const [first, last] = within(block, start, from, to);
      for (const partial of partials) {
        let { re, im } = partial;
        for (let index = first; index < last; index++) {
          block[index]! += im;
          const next = re * partial.cos - im * partial.sin;
          im = re * partial.sin + im * partial.cos;
          re = next;
        }
        partial.re = re;
        partial.im = im;
      }
      if (click) {
        white.fill(scratch, first, last);
        for (const filter of band) run(filter, scratch, first, last);
        for (let index = first; index < last; index++) {
          block[index]! += clickLevel * scratch[index]!;
          clickLevel *= clickShrink;
        }
      }
    },
  };
}

/** A single-cycle wavetable of a harmonic tone (peak 1), for cheap oscillators. */
export function wavetable(harmonics: readonly number[]): Float32Array {
  const size = 2048;
  const table = new Float32Array(size + 1);
  let peak = 0;
  for (let index = 0; index <= size; index++) {
    let value = 0;
    harmonics.forEach((amplitude, harmonic) => {
      value += amplitude * Math.sin((2 * Math.PI * (harmonic + 1) * index) / size);
    });
    table[index] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  for (let index = 0; index <= size; index++) table[index]! /= peak;
  return table;
}

export function rmsOf(table: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < table.length - 1; index++) sum += table[index]! * table[index]!;
  return Math.sqrt(sum / (table.length - 1));
}

/** The value of a wavetable at `phase` (cycles; only the fraction counts). */
export function lookup(table: Float32Array, phase: number): number {
  const position = (phase - Math.floor(phase)) * (table.length - 1);
  const index = Math.floor(position);
  const fraction = position - index;
  return table[index]! * (1 - fraction) + table[index + 1]! * fraction;
}

/**
 * A tone whose pitch and level follow functions of time: a car horn, a siren's wail, a bird. `hz(t)` and `gain(t)`
 * take seconds from the tone's start; the level is the RMS at gain 1.
 */
export function tone(options: {
  fromS: number;
  toS: number;
  decibels: number;
  harmonics: readonly number[];
  hz: (t: number) => number;
  gain: (t: number) => number;
}): Source {
  const table = wavetable(options.harmonics);
  const amplitude = pascals(options.decibels) / rmsOf(table);
  const from = sample(options.fromS);
  const to = sample(options.toS);
  let phase = 0;
  return {
    from,
    to,
    render(block, start) {
      const [first, last] = within(block, start, from, to);
      for (let index = first; index < last; index++) {
        const t = (start + index - from) / SAMPLE_RATE;
        phase += options.hz(t) / SAMPLE_RATE;
        block[index]! += amplitude * options.gain(t) * lookup(table, phase);
      }
    },
  };
}
