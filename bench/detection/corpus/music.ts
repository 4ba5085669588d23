/**
 * Recorded pop/dance music as heard from a speaker: a drum kit (kick on 1 and 3, snare on 2 and 4, hi-hat on
 * eighths), a bass line on the chord roots, and chords held over each bar, at a tempo of 90–128 beats a minute.
 * Vocals are added by the trace as a singing voice. The level is the long-term RMS at the phone.
 */
import { highPass, lowPass, run, type Biquad } from './filters';
import { createWhiteNoise, type Random } from './prng';
import { SAMPLE_RATE, measureRms, pascals, sample, wavetable, type Source } from './sound-source';

// Imported bindings compile to property reads under tsx; the audio-rate loops use local copies.
const RATE = SAMPLE_RATE;

type Note =
  | {
      kind: 'tone';
      from: number;
      to: number;
      hz: number;
      amplitude: number;
      decayS: number;
      table: Float32Array;
    }
  | { kind: 'kick'; from: number; to: number; amplitude: number }
  | {
      kind: 'noise';
      from: number;
      to: number;
      amplitude: number;
      decayS: number;
      lowHz: number;
      highHz: number;
    };

const PAD = wavetable([1, 0.5, 0.33, 0.25, 0.2, 0.15, 0.1]);
const BASS = wavetable([1, 0.6, 0.3, 0.15]);
const MAJOR = [0, 4, 7];
const MINOR = [0, 3, 7];
/** I–V–vi–IV and i–VI–III–VII: each chord's root in semitones above the key, and its shape. */
const PROGRESSIONS: ReadonlyArray<ReadonlyArray<readonly [number, readonly number[]]>> = [
  [
    [0, MAJOR],
    [7, MAJOR],
    [9, MINOR],
    [5, MAJOR],
  ],
  [
    [0, MINOR],
    [8, MAJOR],
    [3, MAJOR],
    [10, MAJOR],
  ],
];

function scheduleMusic(random: Random, fromS: number, toS: number): Note[] {
  const notes: Note[] = [];
  let t = fromS;
  while (t < toS) {
    // A song: 3–4 minutes, its own tempo and key, then a 2–4 s gap.
    const songEnd = Math.min(toS, t + random.between(180, 240));
    const beat = 60 / random.between(90, 128);
    const key = 40 + Math.floor(random.between(0, 12));
    const progression = random.pick(PROGRESSIONS);
    let bar = 0;
    for (let barStart = t; barStart + 4 * beat <= songEnd; barStart += 4 * beat, bar++) {
      const [degree, shape] = progression[bar % 4]!;
      const root = key + degree;
      for (const interval of shape) {
        const hz = 440 * 2 ** ((root + 12 + interval - 69) / 12);
        notes.push({
          kind: 'tone',
          from: sample(barStart),
          to: sample(barStart + 4 * beat),
          hz,
          amplitude: 0.18,
          decayS: 2.5,
          table: PAD,
        });
      }
      for (let beatIndex = 0; beatIndex < 4; beatIndex++) {
        const beatS = barStart + beatIndex * beat;
        if (beatIndex % 2 === 0 || random.chance(0.15))
          notes.push({ kind: 'kick', from: sample(beatS), to: sample(beatS + 0.5), amplitude: 1 });
        if (beatIndex % 2 === 1)
          notes.push({
            kind: 'noise',
            from: sample(beatS),
            to: sample(beatS + 0.4),
            amplitude: 0.55,
            decayS: 0.09,
            lowHz: 800,
            highHz: 6000,
          });
        for (const eighth of [0, 0.5])
          notes.push({
            kind: 'noise',
            from: sample(beatS + eighth * beat),
            to: sample(beatS + eighth * beat + 0.12),
            amplitude: 0.12,
            decayS: 0.025,
            lowHz: 7000,
            highHz: 16000,
          });
        const bassHz = 440 * 2 ** ((root - 12 - 69) / 12) * (random.chance(0.2) ? 2 : 1);
        notes.push({
          kind: 'tone',
          from: sample(beatS),
          to: sample(beatS + beat),
          hz: bassHz,
          amplitude: 0.5,
          decayS: 0.4,
          table: BASS,
        });
      }
    }
    t = songEnd + random.between(2, 4);
  }
  return notes.sort((a, b) => a.from - b.from);
}

/** A sounding note: its oscillator phase, its envelope (multiplied down every sample) and its noise filters. */
type Voice = { note: Note; phase: number; level: number; shrink: number; sweep: number; filters: Biquad[] };

function renderer(notes: readonly Note[], random: Random): (block: Float32Array, start: number) => void {
  const white = createWhiteNoise(random);
  const noise = new Float64Array(SAMPLE_RATE);
  const attack = 0.01 * RATE;
  let next = 0;
  let active: Voice[] = [];
  return (block, start) => {
    const end = start + block.length;
    while (next < notes.length && notes[next]!.from < end) {
      const note = notes[next]!;
      next++;
      const decayS = note.kind === 'kick' ? 0.22 : note.decayS;
      active.push({
        note,
        phase: 0,
        level: note.amplitude * (note.kind === 'noise' ? 2 : 1),
        shrink: Math.exp(-1 / (decayS * RATE)),
        sweep: 110,
        filters: note.kind === 'noise' ? [highPass(RATE, note.lowHz), lowPass(RATE, note.highHz)] : [],
      });
    }
    for (const playing of active) {
      const { note, shrink } = playing;
      const first = Math.max(note.from, start) - start;
      const last = Math.min(note.to, end) - start;
      let { level, phase } = playing;
      if (note.kind === 'tone') {
        const table = note.table;
        const size = table.length - 1;
        const increment = note.hz / RATE;
        for (let index = first; index < last; index++) {
          const age = start + index - note.from;
          phase += increment;
          if (phase >= 1) phase -= 1;
          const position = phase * size;
          const at = position | 0;
          const value = table[at]! + (table[at + 1]! - table[at]!) * (position - at);
          block[index]! += (age < attack ? (level * age) / attack : level) * value;
          level *= shrink;
        }
      } else if (note.kind === 'kick') {
        // The pitch falls from 160 to 50 Hz with a 30 ms time constant.
        const sweepShrink = Math.exp(-1 / (0.03 * RATE));
        let { sweep } = playing;
        for (let index = first; index < last; index++) {
          phase += (50 + sweep) / RATE;
          sweep *= sweepShrink;
          block[index]! += level * Math.sin(2 * Math.PI * phase);
          level *= shrink;
        }
        playing.sweep = sweep;
      } else {
        white.fill(noise, first, last);
        for (const filter of playing.filters) run(filter, noise, first, last);
        for (let index = first; index < last; index++) {
          block[index]! += level * noise[index]!;
          level *= shrink;
        }
      }
      playing.level = level;
      playing.phase = phase;
    }
    active = active.filter((playing) => playing.note.to > end);
  };
}

export function music(random: Random, options: { fromS: number; toS: number; decibels: number }): Source {
  const notes = scheduleMusic(random.fork('score'), options.fromS, options.toS);
  const probeStart = notes[0]?.from ?? 0;
  const probe = renderer(notes, random.fork('probe'));
  const rms = measureRms((block, start) => probe(block, start + probeStart), 10);
  const gain = pascals(options.decibels) / rms;
  const render = renderer(notes, random.fork('play'));
  const buffer = new Float32Array(SAMPLE_RATE);
  const from = sample(options.fromS);
  const to = sample(options.toS);
  return {
    from,
    to,
    render(block, start) {
      const scratch = buffer.subarray(0, block.length);
      scratch.fill(0);
      render(scratch, start);
      for (let index = 0; index < block.length; index++) block[index]! += gain * scratch[index]!;
    },
  };
}
