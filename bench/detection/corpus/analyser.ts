/**
 * What a Web Audio AnalyserNode hands the page, computed the way the Web Audio API specification says it is
 * ("Computing the frequency data"): the newest fftSize samples; a Blackman window (α = 0.16); an FFT scaled by
 * 1/N; smoothing over time, X̂[k] = τ·X̂₋₁[k] + (1 − τ)·|X[k]|; 20·log10; and for getByteFrequencyData,
 * ⌊255 / (maxDecibels − minDecibels) · (dB − minDecibels)⌋ clipped to 0–255. getFloatTimeDomainData is the samples
 * themselves. Defaults: minDecibels −100, maxDecibels −30.
 */
import type { SoundFrame } from '../../../src/shared/detection/loud-sound';

export type Analyser = {
  /** The frame for the newest `fftSize` samples of `signal`, ending at `end` (exclusive). */
  frame: (signal: Float32Array, end: number) => SoundFrame;
};

export function createAnalyser(options: {
  fftSize: number;
  smoothing: number;
  minDecibels?: number;
  maxDecibels?: number;
}): Analyser {
  const size = options.fftSize;
  const minDecibels = options.minDecibels ?? -100;
  const maxDecibels = options.maxDecibels ?? -30;
  const bins = size / 2;
  const window = new Float64Array(size);
  for (let n = 0; n < size; n++)
    window[n] = 0.42 - 0.5 * Math.cos((2 * Math.PI * n) / size) + 0.08 * Math.cos((4 * Math.PI * n) / size);
  const fft = createFft(size);
  const real = new Float64Array(size);
  const imaginary = new Float64Array(size);
  const smoothed = new Float64Array(bins);
  const scale = 255 / (maxDecibels - minDecibels);
  return {
    frame(signal, end) {
      const waveform = signal.slice(end - size, end);
      for (let n = 0; n < size; n++) {
        real[n] = waveform[n]! * window[n]!;
        imaginary[n] = 0;
      }
      fft(real, imaginary);
      const bytes = new Uint8Array(bins);
      for (let k = 0; k < bins; k++) {
        const magnitude = Math.sqrt(real[k]! * real[k]! + imaginary[k]! * imaginary[k]!) / size;
        const value = options.smoothing * smoothed[k]! + (1 - options.smoothing) * magnitude;
        smoothed[k] = value;
        const decibels = value > 0 ? 20 * Math.log10(value) : -Infinity;
        bytes[k] = Math.max(0, Math.min(255, Math.floor(scale * (decibels - minDecibels))));
      }
      return { waveform, bins: bytes };
    },
  };
}

/** An in-place iterative radix-2 complex FFT of a power-of-two size. */
function createFft(size: number): (real: Float64Array, imaginary: Float64Array) => void {
  const levels = Math.log2(size);
  if (!Number.isInteger(levels)) throw new Error('FFT size must be a power of two');
  const reversed = new Uint32Array(size);
  for (let index = 0; index < size; index++) {
    let value = 0;
    for (let bit = 0; bit < levels; bit++) value |= ((index >>> bit) & 1) << (levels - 1 - bit);
    reversed[index] = value;
  }
  const cos = new Float64Array(size / 2);
  const sin = new Float64Array(size / 2);
  for (let index = 0; index < size / 2; index++) {
    cos[index] = Math.cos((2 * Math.PI * index) / size);
    sin[index] = -Math.sin((2 * Math.PI * index) / size);
  }
  return (real, imaginary) => {
    for (let index = 0; index < size; index++) {
      const other = reversed[index]!;
      if (other > index) {
        const r = real[index]!;
        real[index] = real[other]!;
        real[other] = r;
        const i = imaginary[index]!;
        imaginary[index] = imaginary[other]!;
        imaginary[other] = i;
      }
    }
    for (let half = 1; half < size; half *= 2) {
      const step = size / (2 * half);
      for (let start = 0; start < size; start += 2 * half) {
        for (let offset = 0; offset < half; offset++) {
          const twiddle = offset * step;
          const a = start + offset;
          const b = a + half;
          const tr = real[b]! * cos[twiddle]! - imaginary[b]! * sin[twiddle]!;
          const ti = real[b]! * sin[twiddle]! + imaginary[b]! * cos[twiddle]!;
          real[b] = real[a]! - tr;
          imaginary[b] = imaginary[a]! - ti;
          real[a] = real[a]! + tr;
          imaginary[a] = imaginary[a]! + ti;
        }
      }
    }
  };
}
