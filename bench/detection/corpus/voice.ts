/**
 * Voices by source and filter (as in formant synthesisers): a glottal pulse train at the voice's pitch, tilted
 * down in frequency (a quiet voice's spectrum falls steeply, a shout's far less), through three formant
 * resonators per vowel (Peterson & Barney 1952), with noise for fricatives and breath, shaped syllable by
 * syllable. The same model speaks, shouts, sings and screams; the styles below set pitch, tilt, timing and
 * roughness. A voice's level is the RMS of its vowels; consonants sit 12 dB below them.
 */
import { bandPass, highPass, lowPass, retune, run, runBank, type Biquad } from './filters';
import { createWhiteNoise, type Random } from './prng';
import { SAMPLE_RATE, measureRms, pascals, sample, within, type Source } from './sound-source';

// Imported bindings compile to property reads under tsx; the audio-rate loops use local copies.
const RATE = SAMPLE_RATE;

/** Adult male vowel formants F1–F3 (Hz), Peterson & Barney 1952. Female voices: ×1.17. */
const VOWELS: ReadonlyArray<readonly [number, number, number]> = [
  [270, 2290, 3010], // i
  [390, 1990, 2550], // ɪ
  [530, 1840, 2480], // ɛ
  [660, 1720, 2410], // æ
  [730, 1090, 2440], // ɑ
  [570, 840, 2410], // ɔ
  [440, 1020, 2240], // ʊ
  [300, 870, 2240], // u
  [640, 1190, 2390], // ʌ
  [490, 1350, 1690], // ɝ
];
const OPEN_VOWEL = VOWELS[4]!;
const HELP_VOWEL = VOWELS[2]!;

export type VoiceStyle = {
  /** Pitch at the start of a phrase (Hz, drawn in this range); it falls by `declination` over the phrase. */
  pitch: readonly [number, number];
  declination: number;
  /** Corner of the spectral tilt: higher is brighter (a shout, a scream). */
  tiltHz: number;
  /** Syllables per second, and how long a phrase is (syllables) and the pause after it (seconds). */
  syllableRate: readonly [number, number];
  phraseSyllables: readonly [number, number];
  pause: readonly [number, number];
  /** Share of syllables starting with a fricative or a burst. */
  consonants: number;
  /** Formant scale (1 male, 1.17 female, 1.3 child) and an extra lift of F1 (open mouth). */
  formantScale: number;
  firstFormantLift: number;
  /**
   * Formant bandwidths as a multiple of speech's (90, 110, 160 Hz). High, strained voices have no sharp formants:
   * with speech's narrow ones, a 1 kHz scream would change level by 20 dB as a harmonic crossed a formant.
   */
  bandwidth: number;
  /** Roughness: amplitude modulation depth and rate (Hz): screams sit in 30–150 Hz (Arnal et al. 2015). */
  roughness: number;
  roughnessHz: readonly [number, number];
  /** Pitch wobble (share of pitch) and breath noise (share of the voiced level). */
  jitter: number;
  breath: number;
  /** Syllable level spread (dB, stress). */
  stress: number;
  /** Only this vowel (a shout of "help", a scream's open "ah"). */
  vowel?: readonly [number, number, number];
};

export const VOICE_STYLES = {
  maleSpeech: {
    pitch: [100, 140],
    declination: 0.2,
    tiltHz: 300,
    syllableRate: [4, 5.5],
    phraseSyllables: [4, 16],
    pause: [0.25, 0.8],
    consonants: 0.45,
    formantScale: 1,
    firstFormantLift: 1,
    bandwidth: 1,
    roughness: 0,
    roughnessHz: [0, 0],
    jitter: 0.01,
    breath: 0.03,
    stress: 4,
  },
  femaleSpeech: {
    pitch: [180, 240],
    declination: 0.2,
    tiltHz: 400,
    syllableRate: [4, 5.5],
    phraseSyllables: [4, 16],
    pause: [0.25, 0.8],
    consonants: 0.45,
    formantScale: 1.17,
    firstFormantLift: 1,
    bandwidth: 1,
    roughness: 0,
    roughnessHz: [0, 0],
    jitter: 0.01,
    breath: 0.04,
    stress: 4,
  },
  /** "Help!": one long syllable at a raised pitch, bright, F1 up (the mouth wide open). */
  shout: {
    pitch: [280, 420],
    declination: 0.15,
    tiltHz: 1200,
    syllableRate: [1.2, 1.8],
    phraseSyllables: [1, 1],
    pause: [0.4, 0.8],
    consonants: 1,
    formantScale: 1.1,
    firstFormantLift: 1.3,
    bandwidth: 2,
    roughness: 0.15,
    roughnessHz: [30, 60],
    jitter: 0.02,
    breath: 0.05,
    stress: 1.5,
    vowel: HELP_VOWEL,
  },
  /** A scream: high pitch, rough, bright, long, on an open vowel. */
  scream: {
    pitch: [750, 1300],
    declination: -0.1,
    tiltHz: 2500,
    syllableRate: [0.6, 0.9],
    phraseSyllables: [1, 1],
    pause: [0.5, 1.0],
    consonants: 0,
    formantScale: 1.2,
    firstFormantLift: 1.4,
    bandwidth: 6,
    roughness: 0.55,
    roughnessHz: [50, 110],
    jitter: 0.04,
    breath: 0.12,
    stress: 2,
    vowel: OPEN_VOWEL,
  },
  /** A child's shriek at play: short, very high, bright, rough. */
  childShriek: {
    pitch: [1000, 1800],
    declination: -0.05,
    tiltHz: 2500,
    syllableRate: [1.5, 3],
    phraseSyllables: [1, 2],
    pause: [0.2, 0.5],
    consonants: 0,
    formantScale: 1.3,
    firstFormantLift: 1.3,
    bandwidth: 6,
    roughness: 0.35,
    roughnessHz: [50, 110],
    jitter: 0.04,
    breath: 0.1,
    stress: 3,
    vowel: OPEN_VOWEL,
  },
  /** Laughter: "ha-ha-ha", voiced bursts at about 5 a second with breath. */
  laughter: {
    pitch: [220, 400],
    declination: 0.25,
    tiltHz: 700,
    syllableRate: [4.5, 5.5],
    phraseSyllables: [3, 8],
    pause: [0.3, 0.6],
    consonants: 0,
    formantScale: 1.1,
    firstFormantLift: 1.2,
    bandwidth: 1.5,
    roughness: 0,
    roughnessHz: [0, 0],
    jitter: 0.03,
    breath: 0.3,
    stress: 3,
    vowel: OPEN_VOWEL,
  },
  /** Singing: long vowels on notes. */
  singing: {
    pitch: [180, 330],
    declination: 0,
    tiltHz: 600,
    syllableRate: [2, 3.5],
    phraseSyllables: [4, 10],
    pause: [0.3, 1.2],
    consonants: 0.3,
    formantScale: 1.17,
    firstFormantLift: 1.05,
    bandwidth: 1.5,
    roughness: 0,
    roughnessHz: [0, 0],
    jitter: 0.008,
    breath: 0.03,
    stress: 2,
  },
} as const satisfies Record<string, VoiceStyle>;

type Syllable = {
  from: number;
  to: number;
  pitchFrom: number;
  pitchTo: number;
  formants: readonly [number, number, number];
  gain: number;
  /** Samples of fricative noise at the start, and its centre frequency. */
  consonant: number;
  consonantHz: number;
  roughnessHz: number;
};

/** When a voice speaks: stretches of seconds (its turns in a conversation, a scream's moment). */
export type Turns = ReadonlyArray<readonly [number, number]>;

function schedule(random: Random, style: VoiceStyle, turns: Turns): Syllable[] {
  const syllables: Syllable[] = [];
  for (const [turnFrom, turnTo] of turns) {
    let t = turnFrom;
    while (t < turnTo) {
      const count = Math.round(random.between(style.phraseSyllables[0], style.phraseSyllables[1]));
      const rate = random.between(style.syllableRate[0], style.syllableRate[1]);
      const phrasePitch = random.between(style.pitch[0], style.pitch[1]);
      for (let index = 0; index < count && t < turnTo; index++) {
        const length = (1 / rate) * random.between(0.75, 1.3);
        const position = index / Math.max(1, count);
        const accent = 1 + random.gaussian(0, 0.06);
        const pitch = phrasePitch * (1 - style.declination * position) * accent;
        const vowel = style.vowel ?? random.pick(VOWELS);
        const lift = style.firstFormantLift;
        const scale = style.formantScale * random.between(0.95, 1.05);
        const consonant = random.chance(style.consonants) ? length * random.between(0.15, 0.3) : 0;
        syllables.push({
          from: sample(t),
          to: sample(Math.min(turnTo, t + length)),
          pitchFrom: pitch,
          pitchTo: pitch * (1 - style.declination / count) * (1 + random.gaussian(0, style.jitter * 2)),
          formants: [vowel[0] * scale * lift, vowel[1] * scale, vowel[2] * scale],
          gain: 10 ** (random.gaussian(0, style.stress) / 20),
          consonant: sample(consonant),
          consonantHz: random.between(2500, 6000),
          roughnessHz: random.between(style.roughnessHz[0], style.roughnessHz[1]),
        });
        t += length;
      }
      t += random.between(style.pause[0], style.pause[1]);
    }
  }
  return syllables;
}

type VoiceOptions = {
  style: VoiceStyle;
  turns: Turns;
  /** Level at the phone, dB SPL: the RMS of the vowels. */
  decibels: number;
  /** Low-pass at the phone (a voice heard through fabric, a wall): Hz. */
  muffleHz?: number;
};

/** Fricatives and bursts sit this far below the vowels (they are 10–20 dB weaker in speech). */
const CONSONANT_DB = -12;

type Levels = { vowels: number; consonants: number };

/**
 * This voice's RMS in its vowels and in its consonants, at unit gain: its first syllables (up to 4 s of them)
 * rendered on their own. Measured per voice, not per style: a high voice's level moves by several decibels with
 * where its harmonics fall against the formants, and a scream has only a few syllables to average over.
 */
function levelsOf(
  random: Random,
  style: VoiceStyle,
  syllables: readonly Syllable[],
  muffleHz: number | undefined,
  hissScale: number,
): Levels {
  const first = syllables[0];
  if (!first) return { vowels: 1, consonants: 1 };
  const probe: Syllable[] = [];
  let active = 0;
  for (const syllable of syllables) {
    if (active >= 4 * SAMPLE_RATE) break;
    probe.push({ ...syllable, from: syllable.from - first.from, to: syllable.to - first.from });
    active += syllable.to - syllable.from;
  }
  const render = synthesiser(random, style, probe, muffleHz, hissScale);
  const span = probe.at(-1)!.to;
  const block = new Float32Array(SAMPLE_RATE / 10);
  const sums = { vowels: 0, consonants: 0 };
  const counts = { vowels: 0, consonants: 0 };
  let next = 0;
  for (let start = 0; start < span; start += block.length) {
    render(block, start);
    for (let index = 0; index < block.length; index++) {
      const at = start + index;
      while (next < probe.length && probe[next]!.to <= at) next++;
      const syllable = probe[next];
      if (!syllable || syllable.from > at) continue;
      const part = at < syllable.from + syllable.consonant ? 'consonants' : 'vowels';
      sums[part] += block[index]! * block[index]!;
      counts[part]++;
    }
  }
  return {
    vowels: Math.sqrt(sums.vowels / Math.max(1, counts.vowels)) || 1,
    consonants: Math.sqrt(sums.consonants / Math.max(1, counts.consonants)) || 1,
  };
}

/** A voice as a sound source; its level is that of its vowels. */
export function voice(random: Random, options: VoiceOptions): Source {
  const syllables = schedule(random.fork('schedule'), options.style, options.turns);
  // One probe at unit consonant level: the vowels hold no consonant noise, so their level does not depend on it.
  const probe = levelsOf(random.fork('calibration'), options.style, syllables, options.muffleHz, 1);
  const hissScale = 10 ** (CONSONANT_DB / 20) * (probe.vowels / probe.consonants);
  const gain = pascals(options.decibels) / probe.vowels;
  const render = synthesiser(random.fork('voice'), options.style, syllables, options.muffleHz, hissScale);
  const scratch = new Float32Array(SAMPLE_RATE);
  const from = syllables[0]?.from ?? 0;
  const to = (syllables.at(-1)?.to ?? 0) + sample(0.1);
  return {
    from,
    to,
    render(block, start) {
      const part = scratch.subarray(0, block.length);
      render(part, start);
      for (let index = 0; index < block.length; index++) block[index]! += gain * part[index]!;
    },
  };
}

/** After a syllable the filters ring this long; past it, silence costs nothing. */
const RING = sample(0.1);

/** Renders the syllables, a block at a time, in order; writes (not adds) the block. */
function synthesiser(
  random: Random,
  style: VoiceStyle,
  syllables: readonly Syllable[],
  muffleHz: number | undefined,
  /** Scales the consonants' noise (set so they sit CONSONANT_DB below the vowels). */
  hissScale: number,
): (block: Float32Array, start: number) => void {
  const white = createWhiteNoise(random);
  const formants: [Biquad, Biquad, Biquad] = [
    bandPass(SAMPLE_RATE, 500, 6),
    bandPass(SAMPLE_RATE, 1500, 12),
    bandPass(SAMPLE_RATE, 2500, 16),
  ];
  const formantGains = [1, 0.5, 0.25] as const;
  const fricative = bandPass(SAMPLE_RATE, 4000, 2);
  const tilt = [lowPass(SAMPLE_RATE, style.tiltHz, 0.6), lowPass(SAMPLE_RATE, style.tiltHz * 1.5, 0.6)];
  const radiation = highPass(SAMPLE_RATE, 80);
  const muffle: Biquad[] = muffleHz ? [lowPass(SAMPLE_RATE, muffleHz), lowPass(SAMPLE_RATE, muffleHz)] : [];
  const excitation = new Float64Array(SAMPLE_RATE);
  const band = new Float64Array(SAMPLE_RATE);
  const hiss = new Float64Array(SAMPLE_RATE);
  const attack = sample(0.03);
  const release = sample(0.06);
  let next = 0;
  let current: Syllable | undefined;
  let phase = 0;
  let roughPhase = 0;
  let wobble = 0;
  let lastSound = Number.NEGATIVE_INFINITY;
  return (block, start) => {
    const end = start + block.length;
    block.fill(0);
    let index = 0;
    while (index < block.length) {
      const at = start + index;
      if (current && at >= current.to) current = undefined;
      while (next < syllables.length && syllables[next]!.from <= at) {
        current = syllables[next]!;
        next++;
        const [f1, f2, f3] = current.formants;
        retune(formants[0]!, SAMPLE_RATE, f1, f1 / (90 * style.bandwidth));
        retune(formants[1]!, SAMPLE_RATE, f2, f2 / (110 * style.bandwidth));
        retune(formants[2]!, SAMPLE_RATE, f3, f3 / (160 * style.bandwidth));
        retune(fricative, SAMPLE_RATE, current.consonantHz, 2);
      }
      const nextFrom = next < syllables.length ? syllables[next]!.from : Number.POSITIVE_INFINITY;
      const segmentEnd = Math.min(end, nextFrom, current ? current.to : end) - start;
      if (!current) {
        // Silence: let the filters ring out, then skip.
        if (at - lastSound < RING) {
          excitation.fill(0, index, segmentEnd);
          for (const filter of tilt) run(filter, excitation, index, segmentEnd);
          runBank(formants, formantGains, excitation, band, index, segmentEnd);
          for (let i = index; i < segmentEnd; i++) block[i] = band[i]!;
        }
        index = segmentEnd;
        continue;
      }
      const syllable = current;
      const length = syllable.to - syllable.from;
      // The glottal pulses (louder per pulse at higher pitch, as vocal effort raises both) and breath.
      for (let i = index; i < segmentEnd; i++) {
        const progress = (start + i - syllable.from) / length;
        wobble = 0.999 * wobble + 0.03 * style.jitter * white.next();
        const pitch =
          (syllable.pitchFrom + (syllable.pitchTo - syllable.pitchFrom) * progress) * (1 + wobble);
        phase += pitch / RATE;
        let pulse = 0;
        if (phase >= 1) {
          phase -= 1;
          pulse = Math.sqrt(pitch / 100);
        }
        excitation[i] = pulse + style.breath * 0.02 * white.next();
      }
      for (const filter of tilt) run(filter, excitation, index, segmentEnd);
      runBank(formants, formantGains, excitation, band, index, segmentEnd);
      const consonantEnd = syllable.from + syllable.consonant;
      // Fricative noise only where the segment is still in the syllable's consonant.
      const hissEnd = Math.min(segmentEnd, consonantEnd - start);
      if (hissEnd > index) {
        white.fill(hiss, index, hissEnd);
        run(fricative, hiss, index, hissEnd);
      }
      for (let i = index; i < segmentEnd; i++) {
        const at = start + i;
        const envelope = Math.min(1, (at - syllable.from) / attack, (syllable.to - at) / release);
        let voiced = band[i]!;
        if (style.roughness > 0) {
          roughPhase += syllable.roughnessHz / RATE;
          voiced *= 1 - style.roughness * 0.5 * (1 + Math.sin(2 * Math.PI * roughPhase));
        }
        const inConsonant = at < consonantEnd;
        const value = inConsonant ? 0.15 * voiced + hissScale * hiss[i]! : voiced;
        block[i] = syllable.gain * envelope * value;
      }
      lastSound = start + segmentEnd;
      index = segmentEnd;
    }
    if (end - lastSound < RING + block.length) {
      run(radiation, block);
      for (const filter of muffle) run(filter, block);
    }
  };
}

/**
 * Babble: many voices at once, modelled as noise with speech's long-term spectrum (a broad hump at 300–1000 Hz
 * falling about 6 dB/octave above) whose level wavers at syllable rate, as audiology's multi-talker babble does.
 */
export function babble(
  random: Random,
  options: { fromS: number; toS: number; decibels: number; talkers: number },
): Source {
  const shaped = (generator: Random) => {
    const white = createWhiteNoise(generator);
    const shape = [highPass(SAMPLE_RATE, 200), lowPass(SAMPLE_RATE, 800, 0.5), lowPass(SAMPLE_RATE, 4000)];
    return (block: Float64Array, from: number, to: number) => {
      white.fill(block, from, to);
      for (const filter of shape) run(filter, block, from, to);
    };
  };
  const scratch = new Float64Array(SAMPLE_RATE);
  const probe = shaped(random.fork('probe'));
  const rms = measureRms((block) => {
    probe(scratch, 0, block.length);
    for (let index = 0; index < block.length; index++) block[index] = scratch[index]!;
  }, 2);
  const gain = pascals(options.decibels) / rms;
  const generate = shaped(random.fork('babble'));
  const rates = Array.from({ length: options.talkers }, () => random.between(3, 5.5));
  const phases = Array.from({ length: options.talkers }, () => random.next());
  const from = sample(options.fromS);
  const to = sample(options.toS);
  return {
    from,
    to,
    render(block, start) {
      const [first, last] = within(block, start, from, to);
      generate(scratch, first, last);
      // The syllabic sway changes slowly: once a millisecond is enough.
      let sway = 1;
      for (let index = first; index < last; index++) {
        if ((start + index) % 48 === 0 || index === first) {
          const t = (start + index) / RATE;
          let sum = 0;
          for (let talker = 0; talker < rates.length; talker++)
            sum += Math.sin(2 * Math.PI * (rates[talker]! * t + phases[talker]!));
          sway = 1 + (0.8 * sum) / rates.length;
        }
        block[index]! += gain * sway * scratch[index]!;
      }
    },
  };
}
