/**
 * The labelled corpus: every trace, its label and how it was modelled. Traces are synthesised from their seeds
 * each time (nothing large is stored); corpus.json beside this folder lists them with a SHA-256 of what they
 * generate, so a run can tell whether it measured the same corpus.
 */
import { createHash, type Hash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderOptions } from './sound-model';
import { PROTECTION } from '../../../src/shared/protection';

export { MOTION_TRACES, type MotionTrace } from './motion-traces';
export { SOUND_TRACES, type SoundTrace } from './sound-traces';
export { VOICE_TRACES, type VoiceTrace } from './voice-traces';

export const CORPUS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'corpus.json');

/** How the sound traces are read by default: what the app's analyser and a 50 ms reading loop give. */
export const DEFAULT_RENDER: RenderOptions = {
  frameMs: 50,
  gainDb: 0,
  fftSize: PROTECTION.sound.fftSize,
  smoothing: PROTECTION.sound.smoothing,
};

export type CorpusEntry = {
  id: string;
  kind: 'motion' | 'sound' | 'voice';
  label: 'danger' | 'everyday';
  title: string;
  description: string;
  durationS: number;
  eventNoun?: string;
  /** SHA-256 of the generated data: motion readings, sound frames at DEFAULT_RENDER, voice results. */
  sha256: string;
};

export type CorpusFile = { about: string; traces: CorpusEntry[] };

/** SHA-256 of motion readings (their bytes), of sound frames (a running hash) or of voice results (their JSON). */
export function digestOf(data: Float32Array | Hash | string): string {
  if (typeof data === 'string') return createHash('sha256').update(data).digest('hex');
  if (data instanceof Float32Array)
    return createHash('sha256')
      .update(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
      .digest('hex');
  return data.digest('hex');
}
