/**
 * The sound traces: scenes of everyday life and of someone in danger, as sound pressure at the phone. Levels are
 * dB SPL at the phone; where a source is "at 1 m" its level there is given and spreading does the rest. The
 * figures are typical values from acoustics references (speech levels after Pearsons et al. 1977; traffic,
 * music, café and siren levels as commonly measured), not recordings.
 */
import { music } from './music';
import { createRandom, type Random } from './prng';
import type { SoundScene } from './sound-model';
import { SAMPLE_RATE, atDistance, hum, noise, strike, tone, type Source } from './sound-source';
import type { TraceInfo } from './trace';
import { VOICE_STYLES, babble, voice, type Turns, type VoiceStyle } from './voice';

export type SoundTrace = TraceInfo & { scene: (random: Random) => SoundScene };

/** Speech levels at 1 m (dB SPL, active level): normal 60, raised 66 (Pearsons et al. 1977). */
const NORMAL_VOICE = 60;
const RAISED_VOICE = 66;
/** A shouted "Help!" at full effort, and a scream, at 1 m. */
const SHOUT_AT_1M = 90;
const SCREAM_AT_1M = 102;

/** Events at random intervals between `every[0]` and `every[1]` seconds over the trace. */
function occurrences(random: Random, durationS: number, every: readonly [number, number]): number[] {
  const times: number[] = [];
  for (
    let t = random.between(every[0] / 2, every[1]);
    t < durationS - 3;
    t += random.between(every[0], every[1])
  )
    times.push(t);
  return times;
}

function quietRoom(random: Random, durationS: number): Source[] {
  return [
    noise(random.fork('air'), {
      fromS: 0,
      toS: durationS,
      decibels: 30,
      color: 'pink',
      lowHz: 40,
      highHz: 8000,
    }),
    hum({ fromS: 0, toS: durationS, decibels: 26, hz: 50 }),
  ];
}

function doorCloses(random: Random, atS: number, decibels: number): Source {
  return strike({
    atS,
    peakDecibels: decibels,
    partials: [
      { hz: random.between(60, 90), amplitude: 1, decayS: 0.09 },
      { hz: random.between(150, 250), amplitude: 0.5, decayS: 0.05 },
      { hz: random.between(900, 1400), amplitude: 0.2, decayS: 0.03 },
    ],
    click: { amplitude: 0.6, decayS: 0.015, lowHz: 500, highHz: 8000 },
    random: random.fork('door'),
  });
}

function cupClinks(random: Random, atS: number, decibels: number): Source {
  const base = random.between(1800, 3200);
  return strike({
    atS,
    peakDecibels: decibels,
    partials: [
      { hz: base, amplitude: 1, decayS: random.between(0.05, 0.12) },
      { hz: base * 2.7, amplitude: 0.6, decayS: 0.04 },
      { hz: base * 5.2, amplitude: 0.3, decayS: 0.02 },
    ],
    click: { amplitude: 0.4, decayS: 0.004, lowHz: 2000, highHz: 12000 },
    random: random.fork('clink'),
  });
}

function cough(random: Random, atS: number, decibels: number): Source {
  return strike({
    atS,
    peakDecibels: decibels,
    partials: [{ hz: random.between(150, 300), amplitude: 0.3, decayS: 0.08 }],
    click: { amplitude: 1, decayS: random.between(0.08, 0.15), lowHz: 300, highHz: 4000 },
    random: random.fork('cough'),
  });
}

function speak(random: Random, style: VoiceStyle, turns: Turns, decibels: number, muffleHz?: number): Source {
  return voice(random, { style, turns, decibels, ...(muffleHz ? { muffleHz } : {}) });
}

/** Turns of a conversation among `people`: who speaks when (3–15 s each, a short gap or overlap between). */
function conversationTurns(random: Random, durationS: number, people: number): Turns[] {
  const turns: Array<Array<[number, number]>> = Array.from({ length: people }, () => []);
  let t = 0.5;
  let previous = -1;
  while (t < durationS - 2) {
    let speaker = Math.floor(random.next() * people);
    if (speaker === previous) speaker = (speaker + 1) % people;
    const length = random.between(3, 15);
    turns[speaker]!.push([t, Math.min(durationS - 1, t + length)]);
    t += length + random.between(-0.3, 1.2);
    previous = speaker;
  }
  return turns;
}

function carsPassing(
  random: Random,
  durationS: number,
  every: readonly [number, number],
  peak: readonly [number, number],
): Source[] {
  return occurrences(random, durationS, every).map((atS) => {
    const width = random.between(1.2, 2.5);
    const level = random.between(peak[0], peak[1]);
    return noise(random.fork(`car-${atS}`), {
      fromS: Math.max(0, atS - 3 * width),
      toS: Math.min(durationS, atS + 3 * width),
      decibels: level,
      color: 'pink',
      lowHz: 50,
      highHz: random.between(2500, 4000),
      envelope: (t) => Math.exp(-(((t - atS) / width) ** 2) / 2),
    });
  });
}

function birdsong(random: Random, durationS: number): Source[] {
  return occurrences(random, durationS, [5, 20]).map((atS) => {
    const base = random.between(3000, 5500);
    const length = random.between(0.3, 1.2);
    return tone({
      fromS: atS,
      toS: atS + length,
      decibels: random.between(52, 64),
      harmonics: [1, 0.1],
      hz: (t) => base * (1 + 0.15 * Math.sin(2 * Math.PI * 12 * t)),
      gain: (t) => Math.sin((Math.PI * t) / length) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 14 * t)),
    });
  });
}

const DOG_BARK: VoiceStyle = {
  ...VOICE_STYLES.childShriek,
  pitch: [400, 700],
  tiltHz: 1500,
  syllableRate: [4, 6],
  phraseSyllables: [1, 3],
  pause: [0.3, 0.6],
  roughness: 0.5,
  roughnessHz: [40, 80],
  formantScale: 0.9,
};

function everyday(
  id: string,
  title: string,
  durationS: number,
  description: string,
  scene: (random: Random, durationS: number) => Source[],
): SoundTrace {
  return {
    id,
    kind: 'sound',
    label: 'everyday',
    title,
    description,
    durationS,
    scene: (random) => ({ sources: scene(random, durationS), dangers: [], events: [] }),
  };
}

const DANGER_AT_S = 12;
const DANGER_TRACE_S = 24;

function danger(
  id: string,
  title: string,
  description: string,
  background: (random: Random, durationS: number) => Source[],
  cry: { style: VoiceStyle; decibels: number; lengthS: number; muffleHz?: number },
): SoundTrace {
  return {
    id,
    kind: 'sound',
    label: 'danger',
    title,
    description,
    durationS: DANGER_TRACE_S,
    scene: (random) => {
      const turns: Turns = [[DANGER_AT_S, DANGER_AT_S + cry.lengthS]];
      const crying = speak(random.fork('cry'), cry.style, turns, cry.decibels, cry.muffleHz);
      return {
        sources: [...background(random.fork('background'), DANGER_TRACE_S), crying],
        dangers: [{ fromS: crying.from / SAMPLE_RATE, toS: crying.to / SAMPLE_RATE }],
        events: [],
      };
    },
  };
}

function street(random: Random, durationS: number): Source[] {
  return [
    noise(random.fork('rumble'), { fromS: 0, toS: durationS, decibels: 58, color: 'brown', lowHz: 30 }),
    noise(random.fork('traffic'), {
      fromS: 0,
      toS: durationS,
      decibels: 60,
      color: 'pink',
      lowHz: 50,
      highHz: 6000,
    }),
    ...carsPassing(random.fork('cars'), durationS, [3, 10], [68, 76]),
  ];
}

export const SOUND_TRACES: readonly SoundTrace[] = [
  everyday(
    'quiet-room',
    'quiet room',
    1800,
    'Half an hour in a quiet room: ventilation noise at 30 dB SPL, a fridge hum at 26 dB; now and then a door ' +
      'closing in the flat (78–88 dB peak at the phone, every 6–15 min), a cup put down next to the phone ' +
      '(75–88 dB peak, every 3–8 min), and someone coughing a metre or two away (72–82 dB peak, every 5–15 min).',
    (random, durationS) => [
      ...quietRoom(random, durationS),
      ...occurrences(random.fork('doors'), durationS, [360, 900]).map((t) =>
        doorCloses(random, t, random.between(78, 88)),
      ),
      ...occurrences(random.fork('cups'), durationS, [180, 480]).map((t) =>
        cupClinks(random, t, random.between(75, 88)),
      ),
      ...occurrences(random.fork('coughs'), durationS, [300, 900]).map((t) =>
        cough(random, t, random.between(72, 82)),
      ),
    ],
  ),
  everyday(
    'conversation',
    'conversation at a table',
    1200,
    'Twenty minutes of three people talking at a table with the phone on it: the owner 40 cm away and two ' +
      'friends at 1 and 1.5 m, each speaking at a normal 60 dB SPL at 1 m (68, 60 and 56 dB at the phone), in ' +
      'turns of 3–15 s; one turn in six raised (+6 dB); laughter every 1–3 min (66 dB at 1 m); cups and cutlery ' +
      '(70–82 dB peaks every 20–60 s); room noise 38 dB.',
    (random, durationS) => {
      const turns = conversationTurns(random.fork('turns'), durationS, 3);
      const distances = [0.4, 1, 1.5];
      const styles = [VOICE_STYLES.femaleSpeech, VOICE_STYLES.maleSpeech, VOICE_STYLES.femaleSpeech];
      const voices = turns.flatMap((personTurns, person) => {
        const raised = personTurns.filter(() => random.chance(1 / 6));
        const normal = personTurns.filter((turn) => !raised.includes(turn));
        return [
          speak(
            random.fork(`person-${person}`),
            styles[person]!,
            normal,
            atDistance(NORMAL_VOICE, distances[person]!),
          ),
          speak(
            random.fork(`person-${person}-raised`),
            styles[person]!,
            raised,
            atDistance(RAISED_VOICE, distances[person]!),
          ),
        ];
      });
      return [
        noise(random.fork('room'), {
          fromS: 0,
          toS: durationS,
          decibels: 38,
          color: 'pink',
          lowHz: 40,
          highHz: 8000,
        }),
        ...voices,
        ...occurrences(random.fork('laughs'), durationS, [60, 180]).map((t) =>
          speak(
            random.fork(`laugh-${t}`),
            VOICE_STYLES.laughter,
            [[t, t + random.between(1, 2.5)]],
            atDistance(RAISED_VOICE, random.pick(distances)),
          ),
        ),
        ...occurrences(random.fork('cups'), durationS, [20, 60]).map((t) =>
          cupClinks(random, t, random.between(70, 82)),
        ),
      ];
    },
  ),
  everyday(
    'cafe',
    'busy café',
    1200,
    'Twenty minutes in a busy café with a friend: babble of about eight talkers at 62 dB SPL, the friend at 1 m ' +
      'speaking up (63 dB, Lombard effect), background music at 58 dB, cups and plates every 5–20 s (70–85 dB ' +
      'peaks), and the steam wand of the espresso machine every 2–4 min for 10–20 s (74–80 dB).',
    (random, durationS) => {
      const [, friend] = conversationTurns(random.fork('turns'), durationS, 2);
      return [
        babble(random.fork('babble'), { fromS: 0, toS: durationS, decibels: 62, talkers: 8 }),
        speak(random.fork('friend'), VOICE_STYLES.maleSpeech, friend!, 63),
        music(random.fork('music'), { fromS: 0, toS: durationS, decibels: 58 }),
        ...occurrences(random.fork('cups'), durationS, [5, 20]).map((t) =>
          cupClinks(random, t, random.between(70, 85)),
        ),
        ...occurrences(random.fork('steam'), durationS, [120, 240]).map((t) =>
          noise(random.fork(`steam-${t}`), {
            fromS: t,
            toS: t + random.between(10, 20),
            decibels: random.between(74, 80),
            color: 'white',
            lowHz: 2000,
            highHz: 12000,
          }),
        ),
      ];
    },
  ),
  everyday(
    'street',
    'busy street',
    1200,
    'Twenty minutes on the pavement of a busy street: traffic rumble and hiss at about 63 dB SPL, a car passing ' +
      'every 3–10 s (a swell to 68–76 dB over a few seconds), a bus or lorry every 1–2 min (to 80–84 dB), ' +
      'passers-by talking (62–66 dB for a few seconds every 30–90 s), two car horns (0.3–0.9 s, 90–96 dB) and ' +
      'one ambulance siren passing (a 650–1500 Hz wail, 25 s, peaking at 100 dB).',
    (random, durationS) => [
      ...street(random, durationS),
      ...carsPassing(random.fork('lorries'), durationS, [60, 120], [80, 84]),
      ...occurrences(random.fork('passers-by'), durationS, [30, 90]).map((t) =>
        speak(
          random.fork(`passer-${t}`),
          random.pick([VOICE_STYLES.maleSpeech, VOICE_STYLES.femaleSpeech]),
          [[t, t + random.between(2, 5)]],
          random.between(62, 66),
        ),
      ),
      ...[random.between(200, 500), random.between(700, 1100)].map((t) => {
        const length = random.between(0.3, 0.9);
        return tone({
          fromS: t,
          toS: t + length,
          decibels: random.between(90, 96),
          harmonics: [1, 0.6, 0.45, 0.3, 0.2, 0.15],
          hz: () => 420,
          gain: (s) => Math.min(1, s / 0.01, (length - s) / 0.02),
        });
      }),
      (() => {
        const t = random.between(300, 900);
        return tone({
          fromS: t,
          toS: t + 25,
          decibels: 100,
          harmonics: [1, 0.5, 0.3, 0.2],
          hz: (s) => 1075 + 425 * Math.sin((2 * Math.PI * s) / 4),
          gain: (s) => Math.exp(-(((s - 12.5) / 4) ** 2) / 2),
        });
      })(),
    ],
  ),
  everyday(
    'music-at-home',
    'music at home',
    1200,
    'Twenty minutes of pop and dance music from a speaker in the living room at 75 dB SPL (songs of 3–4 min, ' +
      '90–128 beats a minute: kick, snare, hi-hat, bass, chords) with a singer at 71 dB, in a 32 dB room.',
    (random, durationS) => [
      noise(random.fork('room'), { fromS: 0, toS: durationS, decibels: 32, color: 'pink', lowHz: 40 }),
      music(random.fork('music'), { fromS: 0, toS: durationS, decibels: 75 }),
      speak(random.fork('singer'), VOICE_STYLES.singing, [[2, durationS - 2]], 71),
    ],
  ),
  everyday(
    'bar',
    'loud bar',
    600,
    'Ten minutes in a loud bar: music at 90 dB SPL, babble of many talkers raised to 76 dB, a friend shouting ' +
      'over the music at 1 m (78 dB), laughter and cheers nearby (80 dB, every 30–90 s), glasses (80–90 dB ' +
      'peaks every 5–15 s).',
    (random, durationS) => {
      const [, friend] = conversationTurns(random.fork('turns'), durationS, 2);
      return [
        music(random.fork('music'), { fromS: 0, toS: durationS, decibels: 90 }),
        babble(random.fork('babble'), { fromS: 0, toS: durationS, decibels: 76, talkers: 20 }),
        speak(random.fork('friend'), VOICE_STYLES.femaleSpeech, friend!, 78),
        ...occurrences(random.fork('laughs'), durationS, [30, 90]).map((t) =>
          speak(random.fork(`laugh-${t}`), VOICE_STYLES.laughter, [[t, t + random.between(1, 3)]], 80),
        ),
        ...occurrences(random.fork('glasses'), durationS, [5, 15]).map((t) =>
          cupClinks(random, t, random.between(80, 90)),
        ),
      ];
    },
  ),
  everyday(
    'park',
    'park with children playing',
    900,
    'Fifteen minutes on a park bench near a playground: wind in the trees (45 dB SPL), birdsong (52–64 dB), ' +
      'children shrieking at play 5–20 m away (a child’s shriek is about 100 dB at 1 m: 74–86 dB here, every ' +
      '15–60 s), children’s laughter, and a dog barking 10–20 m away now and then (100 dB at 1 m).',
    (random, durationS) => [
      noise(random.fork('wind'), {
        fromS: 0,
        toS: durationS,
        decibels: 45,
        color: 'pink',
        lowHz: 40,
        highHz: 1500,
      }),
      ...birdsong(random.fork('birds'), durationS),
      ...occurrences(random.fork('shrieks'), durationS, [15, 60]).map((t) =>
        speak(
          random.fork(`shriek-${t}`),
          VOICE_STYLES.childShriek,
          [[t, t + random.between(0.4, 1.2)]],
          atDistance(100, random.between(5, 20)),
        ),
      ),
      ...occurrences(random.fork('laughs'), durationS, [20, 60]).map((t) =>
        speak(
          random.fork(`laugh-${t}`),
          { ...VOICE_STYLES.laughter, pitch: [300, 500], formantScale: 1.3 },
          [[t, t + random.between(1, 2)]],
          atDistance(80, random.between(3, 10)),
        ),
      ),
      ...occurrences(random.fork('dog'), durationS, [90, 240]).map((t) =>
        speak(
          random.fork(`dog-${t}`),
          DOG_BARK,
          [[t, t + random.between(0.8, 2)]],
          atDistance(100, random.between(10, 20)),
        ),
      ),
    ],
  ),
  danger(
    'scream-near',
    'scream at 1 m, quiet room',
    `A person screaming 1 m from the phone (${SCREAM_AT_1M} dB SPL at 1 m: high pitch of 750–1300 Hz, rough, on ` +
      'an open vowel, 1.1–1.7 s, twice) in the quiet room.',
    quietRoom,
    { style: VOICE_STYLES.scream, decibels: SCREAM_AT_1M, lengthS: 3.5 },
  ),
  danger(
    'scream-far',
    'scream at 5 m, quiet room',
    `The same scream 5 m away (${Math.round(atDistance(SCREAM_AT_1M, 5))} dB SPL at the phone): another room, ` +
      'across a car park.',
    quietRoom,
    { style: VOICE_STYLES.scream, decibels: atDistance(SCREAM_AT_1M, 5), lengthS: 3.5 },
  ),
  danger(
    'scream-street',
    'scream at 2 m, street',
    `The scream 2 m away on the busy street (${Math.round(atDistance(SCREAM_AT_1M, 2))} dB SPL at the phone).`,
    street,
    { style: VOICE_STYLES.scream, decibels: atDistance(SCREAM_AT_1M, 2), lengthS: 3.5 },
  ),
  danger(
    'scream-in-bag',
    'scream, phone in a bag',
    'The scream at 1 m with the phone in a bag or coat pocket: fabric takes 8 dB off and most of what is above ' +
      '1.5 kHz (two low-pass filters at 1.5 kHz).',
    quietRoom,
    { style: VOICE_STYLES.scream, decibels: SCREAM_AT_1M - 8, lengthS: 3.5, muffleHz: 1500 },
  ),
  danger(
    'shout-near',
    'shout "help" at 1 m',
    `"Help!" shouted three times at full effort 1 m from the phone (${SHOUT_AT_1M} dB SPL at 1 m: 280–420 Hz, ` +
      'bright, 0.55–1 s each) in the quiet room.',
    quietRoom,
    { style: VOICE_STYLES.shout, decibels: SHOUT_AT_1M, lengthS: 3.5 },
  ),
  danger(
    'shout-close',
    'shout "help", phone in hand',
    `The shout with the phone in the shouting person’s hand, 30 cm from the mouth (${Math.round(atDistance(SHOUT_AT_1M, 0.3))} dB SPL).`,
    quietRoom,
    { style: VOICE_STYLES.shout, decibels: atDistance(SHOUT_AT_1M, 0.3), lengthS: 3.5 },
  ),
  danger(
    'shout-far',
    'shout "help" at 4 m',
    `The shout 4 m away (${Math.round(atDistance(SHOUT_AT_1M, 4))} dB SPL at the phone).`,
    quietRoom,
    { style: VOICE_STYLES.shout, decibels: atDistance(SHOUT_AT_1M, 4), lengthS: 3.5 },
  ),
  danger(
    'shout-street',
    'shout "help" at 1.5 m, street',
    `The shout 1.5 m away on the busy street (${Math.round(atDistance(SHOUT_AT_1M, 1.5))} dB SPL at the phone).`,
    street,
    { style: VOICE_STYLES.shout, decibels: atDistance(SHOUT_AT_1M, 1.5), lengthS: 3.5 },
  ),
];

export function sceneOf(trace: SoundTrace): SoundScene {
  return trace.scene(createRandom(trace.id));
}
