/**
 * Runs the detectors over the corpus the way the app does (each detection that gets past the 10 s cooldown opens
 * a countdown) and counts: for a danger, whether and how soon it was detected; for everyday life, how many
 * countdowns it opened, per hour and, for traces of repeated events, on how many of the events.
 */
import { createHash, type Hash } from 'node:crypto';
import { PROTECTION } from '../../src/shared/protection';
import { createCooldown } from '../../src/shared/detection/cooldown';
import { matchKeyword } from '../../src/shared/detection/keywords';
import { createLoudSoundDetector, type SoundFrame } from '../../src/shared/detection/loud-sound';
import { createShakeDetector, type MotionReading } from '../../src/shared/detection/shake';
import type { MotionTrace } from './corpus/motion-traces';
import { createRandom } from './corpus/prng';
import { renderFrames, type RenderOptions } from './corpus/sound-model';
import { sceneOf, type SoundTrace } from './corpus/sound-traces';
import type { TraceInfo } from './corpus/trace';
import type { VoiceTrace } from './corpus/voice-traces';
import { createFirstLoudSoundDetector, createFirstShakeDetector } from './rules-as-first-written';

export type Rules = 'current' | 'first';

/** One trace at one setting. */
export type Cell =
  | {
      label: 'danger';
      /** Seconds from the danger's start to the first detection, or null: missed. Per-line traces: null. */
      detectedAfterS: number | null;
      /** Per-line danger traces: lines detected. */
      detected?: number;
      of?: number;
      /** Countdowns opened outside the danger (during the everyday part of the trace). */
      falseAlarms: number;
    }
  | {
      label: 'everyday';
      falseAlarms: number;
      perHour: number;
      /** Traces of repeated events: on how many of them a countdown opened. */
      fired?: number;
      of?: number;
    };

export type Row = { trace: TraceInfo; cells: Cell[] };

export type Table = {
  detector: 'shake' | 'loudSound' | 'voice';
  rules: Rules;
  /** What the columns are, e.g. "sensitivity (m/s²)". */
  setting: string;
  settings: readonly number[];
  note: string;
  rows: Row[];
};

/** What one detector (at one setting) did over one trace: the times (s) its answers were true. */
type Firings = number[];

const GRACE_S = 1;
const EVENT_WINDOW_S: readonly [number, number] = [-0.5, 3];

/** From a detector's true answers to the cell: the cooldown applied as the app applies it. */
function toCell(
  trace: TraceInfo,
  firings: Firings,
  dangers: ReadonlyArray<{ fromS: number; toS: number }>,
  events: readonly number[],
): Cell {
  const inDanger = (t: number) => dangers.some((danger) => t >= danger.fromS && t <= danger.toS + GRACE_S);
  const cooldown = createCooldown();
  const alarms: number[] = [];
  for (const t of firings) if (!inDanger(t) && cooldown.tryAct(t * 1000)) alarms.push(t);
  if (trace.label === 'danger') {
    const first = dangers[0] ? firings.find((t) => inDanger(t)) : undefined;
    return {
      label: 'danger',
      detectedAfterS: first === undefined || !dangers[0] ? null : first - dangers[0].fromS,
      falseAlarms: alarms.length,
    };
  }
  const cell: Cell = {
    label: 'everyday',
    falseAlarms: alarms.length,
    perHour: (alarms.length * 3600) / trace.durationS,
  };
  if (trace.eventNoun) {
    cell.of = events.length;
    cell.fired = events.filter((event) =>
      alarms.some((t) => t >= event + EVENT_WINDOW_S[0] && t <= event + EVENT_WINDOW_S[1]),
    ).length;
  }
  return cell;
}

export const SHAKE_SENSITIVITIES = [5, 8, 10, 15, 20, 25] as const;

/**
 * Shake: every motion trace at every sensitivity. `gravity` chooses which DeviceMotion field the phone passes on:
 * accelerationIncludingGravity (every phone has it) or acceleration (gravity removed by the phone).
 */
export function measureShake(
  traces: readonly MotionTrace[],
  rules: readonly Rules[],
  gravity: 'included' | 'removed',
  digest?: (trace: TraceInfo, data: Float32Array) => void,
): Table[] {
  const tables = rules.map((rule): Table => ({
    detector: 'shake',
    rules: rule,
    setting: 'sensitivity (m/s²)',
    settings: SHAKE_SENSITIVITIES,
    note: `DeviceMotion ${gravity === 'included' ? 'accelerationIncludingGravity' : 'acceleration'} at 60 Hz`,
    rows: [],
  }));
  for (const trace of traces) {
    const data = trace.generate();
    const { readings } = data;
    digest?.(trace, readings.withGravity);
    const values = gravity === 'included' ? readings.withGravity : readings.withoutGravity;
    rules.forEach((rule, index) => {
      const cells = SHAKE_SENSITIVITIES.map((sensitivity) => {
        const detector =
          rule === 'first' ? createFirstShakeDetector(sensitivity) : createShakeDetector(sensitivity);
        const firings: Firings = [];
        for (let reading = 0; reading < readings.count; reading++) {
          const motion: MotionReading = {
            x: values[reading * 3]!,
            y: values[reading * 3 + 1]!,
            z: values[reading * 3 + 2]!,
            includesGravity: gravity === 'included',
          };
          if (detector.push(motion)) firings.push(reading / readings.rateHz);
        }
        return toCell(trace, firings, data.dangers, data.events);
      });
      tables[index]!.rows.push({ trace, cells });
    });
  }
  return tables;
}

export type SoundVariant = { rules: Rules; threshold: number; sustainMs?: number };

/** A loud-sound table to fill: its columns and the detector variant behind each. */
export type SoundTableSpec = {
  rules: Rules;
  setting: string;
  settings: readonly number[];
  variants: readonly SoundVariant[];
};

/**
 * One sound trace, rendered once, its frames handed to every variant of every table: the cells (per table, per
 * variant) and the SHA-256 of the frames. Plain data, so a worker thread can send it back.
 */
export function measureSoundTrace(
  trace: SoundTrace,
  specs: readonly SoundTableSpec[],
  render: RenderOptions,
): { cells: Cell[][]; sha256: string } {
  const scene = sceneOf(trace);
  const detectors = specs.map((spec) =>
    spec.variants.map((variant) => ({
      push:
        variant.rules === 'first'
          ? createFirstLoudSoundDetector(variant.threshold).push
          : createLoudSoundDetector(variant.threshold, variant.sustainMs).push,
      firings: [] as Firings,
    })),
  );
  const hash = createHash('sha256');
  for (const { frame, timeMs } of renderFrames(
    scene,
    trace.durationS,
    createRandom(`${trace.id}/microphone`),
    render,
  )) {
    hashFrame(hash, frame);
    for (const group of detectors)
      for (const detector of group) if (detector.push(frame, timeMs)) detector.firings.push(timeMs / 1000);
  }
  return {
    cells: detectors.map((group) =>
      group.map((detector) => toCell(trace, detector.firings, scene.dangers, scene.events)),
    ),
    sha256: hash.digest('hex'),
  };
}

/** The loud-sound tables from every trace's cells, in the traces' order. */
export function soundTables(
  specs: readonly SoundTableSpec[],
  render: RenderOptions,
  results: ReadonlyArray<{ trace: SoundTrace; cells: Cell[][] }>,
): Table[] {
  return specs.map((spec, index) => ({
    detector: 'loudSound',
    rules: spec.rules,
    setting: spec.setting,
    settings: spec.settings,
    note: `AnalyserNode frames read every ${render.frameMs} ms, microphone gain ${render.gainDb >= 0 ? '+' : ''}${render.gainDb} dB`,
    rows: results.map(({ trace, cells }) => ({ trace, cells: cells[index]! })),
  }));
}

function hashFrame(hash: Hash, frame: SoundFrame): void {
  const { waveform, bins } = frame;
  if (waveform instanceof Float32Array)
    hash.update(new Uint8Array(waveform.buffer, waveform.byteOffset, waveform.byteLength));
  if (bins instanceof Uint8Array) hash.update(bins);
}

export const VOICE_ACCURACIES = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;

/** Keywords: every final result against the default keywords at every Recognition Accuracy. */
export function measureVoice(
  traces: readonly VoiceTrace[],
  digest?: (trace: TraceInfo, text: string) => void,
): Table {
  const table: Table = {
    detector: 'voice',
    rules: 'current',
    setting: 'Recognition Accuracy',
    settings: VOICE_ACCURACIES,
    note: `final results (en-US) against the default keywords: ${PROTECTION.defaultKeywords.join(', ')}`,
    rows: [],
  };
  for (const trace of traces) {
    const data = trace.generate();
    digest?.(trace, JSON.stringify(data.results));
    const cells = VOICE_ACCURACIES.map((accuracy): Cell => {
      const matched = data.results.map(
        (result) => matchKeyword(result.transcript, PROTECTION.defaultKeywords, accuracy) !== null,
      );
      if (trace.label === 'danger') {
        return {
          label: 'danger',
          detectedAfterS: null,
          detected: data.dangerIndexes.filter((index) => matched[index]).length,
          of: data.dangerIndexes.length,
          falseAlarms: 0,
        };
      }
      const firings = data.results.filter((_, index) => matched[index]).map((result) => result.timeS);
      return toCell(trace, firings, [], trace.eventNoun ? data.results.map((result) => result.timeS) : []);
    });
    table.rows.push({ trace, cells });
  }
  return table;
}

/** The lines a setting misses (danger) or matches (everyday), for --verbose. */
export function voiceDetails(trace: VoiceTrace, accuracy: number): string[] {
  const data = trace.generate();
  return data.results
    .filter((result) => {
      const matched = matchKeyword(result.transcript, PROTECTION.defaultKeywords, accuracy) !== null;
      return trace.label === 'danger' ? !matched : matched;
    })
    .map((result) => result.transcript);
}
