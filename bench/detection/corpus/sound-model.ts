/**
 * From sound pressure to what the page reads: the sources are mixed; the microphone rolls off below 80 Hz, turns
 * pascals into samples, adds its own noise and clips at full scale; an AnalyserNode (fftSize 1024, smoothing 0.1)
 * is read every `frameMs`.
 *
 * Calibration: a 94 dB SPL tone (1 Pa) reads −16 dBFS RMS, so full scale is about 110 dB SPL. That is a typical
 * phone MEMS microphone (−26 dBFS at 94 dB SPL) with 10 dB of gain in the phone, and assumes the page asked for
 * the microphone without automatic gain control, which would otherwise lift quiet rooms and squash screams.
 * Phones differ by several decibels: `gainDb` shifts the calibration to see what that does.
 */
import type { SoundFrame } from '../../../src/shared/detection/loud-sound';
import { createAnalyser } from './analyser';
import { highPass, run } from './filters';
import { createWhiteNoise, type Random } from './prng';
import { SAMPLE_RATE, pascals, type Source } from './sound-source';

/** Samples per pascal: 1 Pa RMS → −16 dBFS RMS. */
export const SAMPLES_PER_PASCAL = 10 ** (-16 / 20);
/** The microphone's own noise: 29 dB SPL equivalent (a 65 dB SNR MEMS microphone). */
const SELF_NOISE_DB = 29;

export type SoundScene = {
  sources: Source[];
  /** Danger traces: when each danger sound starts and ends (seconds). */
  dangers: Array<{ fromS: number; toS: number }>;
  /** Event traces: when each counted event happens. */
  events: number[];
};

export type RenderOptions = {
  /** How often the page reads the analyser. */
  frameMs: number;
  /** Shift of the microphone's calibration (dB): +10 is a phone 10 dB more sensitive. */
  gainDb: number;
  fftSize: number;
  smoothing: number;
};

export type TimedFrame = { frame: SoundFrame; timeMs: number };

/**
 * The frames the page would read over the trace, one at a time (an hour of sound is 170 million samples: it is
 * never held in memory). `onSamples`, when given, receives the microphone's samples block by block (WAV export).
 */
export function* renderFrames(
  scene: SoundScene,
  durationS: number,
  random: Random,
  options: RenderOptions,
  onSamples?: (block: Float32Array) => void,
): Generator<TimedFrame> {
  const blockSize = Math.round((options.frameMs / 1000) * SAMPLE_RATE);
  const total = Math.round(durationS * SAMPLE_RATE);
  const sources = [...scene.sources].sort((a, b) => a.from - b.from);
  const analyser = createAnalyser({ fftSize: options.fftSize, smoothing: options.smoothing });
  const microphone = highPass(SAMPLE_RATE, 80);
  const selfNoise = createWhiteNoise(random.fork('self-noise'));
  // Uniform noise in [-1, 1) has an RMS of 1/√3.
  const selfNoiseScale = pascals(SELF_NOISE_DB) * Math.sqrt(3);
  const gain = SAMPLES_PER_PASCAL * 10 ** (options.gainDb / 20);
  const history = new Float32Array(options.fftSize + blockSize);
  let active: Source[] = [];
  let next = 0;
  const block = new Float32Array(blockSize);
  const hiss = new Float64Array(blockSize);
  for (let start = 0; start + blockSize <= total; start += blockSize) {
    block.fill(0);
    const end = start + blockSize;
    while (next < sources.length && sources[next]!.from < end) active.push(sources[next++]!);
    for (const source of active) source.render(block, start);
    active = active.filter((source) => source.to > end);
    selfNoise.fill(hiss, 0, blockSize);
    for (let index = 0; index < blockSize; index++) block[index]! += selfNoiseScale * hiss[index]!;
    run(microphone, block);
    for (let index = 0; index < blockSize; index++) {
      const value = gain * block[index]!;
      block[index] = value > 1 ? 1 : value < -1 ? -1 : value;
    }
    onSamples?.(block);
    history.copyWithin(0, blockSize);
    history.set(block, options.fftSize);
    // Whole milliseconds for whole-millisecond frame intervals: (end · 1000) / rate is exact here.
    yield { frame: analyser.frame(history, history.length), timeMs: (end * 1000) / SAMPLE_RATE };
  }
}
