/**
 * The motion traces: what a phone's accelerometer reads (accelerationIncludingGravity at 60 Hz, and the
 * gravity-free `acceleration` beside it) during everyday life and while someone shakes it for help. Each is
 * synthesised from its seed by motion-model.ts; the description says how.
 */
import {
  createCanvas,
  direction,
  dropOnSofa,
  holdInHand,
  pickUp,
  pulse,
  putDown,
  randomPosture,
  readOut,
  run,
  shake,
  vibration,
  walk,
  type Canvas,
  type Gait,
  type Posture,
  type Readings,
  type Run,
  type Shake,
} from './motion-model';
import { createRandom, type Random } from './prng';
import type { TraceInfo } from './trace';

export type MotionTraceData = TraceData & { readings: Readings };

type TraceData = {
  /** Danger traces: when each danger starts and ends (seconds). */
  dangers: Array<{ fromS: number; toS: number }>;
  /** Event traces: when each event (a drop, a put-down) happens. */
  events: number[];
};

export type MotionTrace = TraceInfo & { generate: () => MotionTraceData };

/** Phone in a trouser pocket, walking: heel strikes of 1.2–3.3 m/s² on a 1–1.5 m/s² sway, peaks 2–4.5 m/s². */
const WALKING: Gait = {
  cadenceHz: 1.9,
  impactMedian: 2,
  impactSpread: 0.25,
  impactS: 0.06,
  verticalSway: 1.2,
  foreAft: 1.2,
  sideways: 0.7,
};
const STAIRS_DOWN: Gait = {
  ...WALKING,
  cadenceHz: 1.75,
  impactMedian: 3.4,
  verticalSway: 1.8,
  impactS: 0.05,
};
const STAIRS_UP: Gait = { ...WALKING, cadenceHz: 1.6, impactMedian: 1.5, verticalSway: 1.1 };
const JOGGING: Run = { cadenceHz: 2.8, stanceShare: [0.62, 0.78], impact: [2, 6], foreAft: 3, sideways: 1.5 };

type Builder = { canvas: Canvas; random: Random; postures: Posture[]; data: TraceData };

function build(seed: string, durationS: number, write: (builder: Builder) => void): () => MotionTraceData {
  return () => {
    const random = createRandom(seed);
    const builder: Builder = {
      canvas: createCanvas(durationS),
      random,
      postures: [randomPosture(random, 0)],
      data: { dangers: [], events: [] },
    };
    write(builder);
    return { ...builder.data, readings: readOut(builder.canvas, random.fork('sensor'), builder.postures) };
  };
}

/** Stand still with the phone in a pocket: the body's small sway. */
function standStill(canvas: Canvas, random: Random, fromS: number, toS: number): void {
  vibration(canvas, random, fromS, toS, { lowHz: 0.1, highHz: 1.5, rms: [0.05, 0.05, 0.03] });
}

/** Walk with stops (crossings, a shop window) every 1–4 minutes. */
function walkWithStops(builder: Builder, fromS: number, toS: number, gait: Gait): void {
  const { canvas, random } = builder;
  let t = fromS;
  while (t < toS) {
    const walking = Math.min(toS, t + random.between(60, 240));
    walk(canvas, random, t, walking, { ...gait, cadenceHz: gait.cadenceHz * random.between(0.94, 1.08) });
    const stop = Math.min(toS, walking + random.between(5, 30));
    standStill(canvas, random, walking, stop);
    t = stop;
  }
}

function shakeFor(builder: Builder, fromS: number, toS: number, motion: Shake): void {
  shake(builder.canvas, builder.random, fromS, toS, motion);
  builder.data.dangers.push({ fromS, toS });
}

const SHAKE_LEAD_S = 8;

/** A danger trace: `lead` seconds of an activity, a shake, then the activity again until the end. */
function shakeTrace(
  id: string,
  title: string,
  description: string,
  motion: { shakeS: number; frequencyHz: number; peak: number; elevationDeg: number },
  activity: 'standing' | 'walking' | 'running' = 'standing',
): MotionTrace {
  const durationS = SHAKE_LEAD_S + motion.shakeS + 6;
  return {
    id,
    kind: 'motion',
    label: 'danger',
    title,
    description,
    durationS,
    generate: build(id, durationS, (builder) => {
      const { canvas, random } = builder;
      if (activity === 'walking') walk(canvas, random, 0, durationS, WALKING);
      else if (activity === 'running') run(canvas, random, 0, durationS, JOGGING);
      else holdInHand(canvas, random, 0, durationS);
      shakeFor(builder, SHAKE_LEAD_S, SHAKE_LEAD_S + motion.shakeS, {
        frequencyHz: motion.frequencyHz,
        peak: motion.peak,
        axis: direction(random, motion.elevationDeg),
      });
    }),
  };
}

export const MOTION_TRACES: readonly MotionTrace[] = [
  {
    id: 'desk-day',
    kind: 'motion',
    label: 'everyday',
    title: 'desk, picked up now and then',
    description:
      'An hour on an office desk: sensor noise, the desk knocked now and then (a damped 12–20 Hz knock of ' +
      '0.3–1.2 m/s² every 2–8 min), and every 5–12 min picked up (a minimum-jerk reach of 20–45 cm in 0.5–0.9 s, ' +
      'peaks 1.5–6 m/s²), held and read for 20–90 s (hand tremor), and put down gently (a 1–3 m/s² bump).',
    durationS: 3600,
    generate: build('desk-day', 3600, (builder) => {
      const { canvas, random } = builder;
      let t = 0;
      while (t < 3600) {
        const onDesk = t + random.between(300, 720);
        for (let knock = t + random.between(60, 400); knock < onDesk; knock += random.between(120, 480)) {
          const axis = direction(random, random.between(40, 90));
          const frequency = random.between(12, 20);
          const size = random.between(0.3, 1.2);
          for (let cycle = 0; cycle < 6; cycle++)
            pulse(
              canvas,
              knock + cycle / (2 * frequency),
              1 / (2 * frequency),
              size * 0.55 ** cycle * (cycle % 2 ? -1 : 1),
              axis,
            );
        }
        if (onDesk >= 3600) break;
        const held = pickUp(canvas, random, onDesk);
        builder.postures.push(randomPosture(random, held));
        const reading = held + random.between(20, 90);
        holdInHand(canvas, random, held, reading);
        t = putDown(canvas, random, reading, {
          peak: random.between(1, 3),
          durationS: random.between(0.04, 0.06),
        });
        builder.postures.push(randomPosture(random, t));
      }
    }),
  },
  {
    id: 'walking',
    kind: 'motion',
    label: 'everyday',
    title: 'walking, phone in a pocket',
    description:
      'Half an hour of walking with the phone in a trouser pocket, stopping for 5–30 s every 1–4 min: about 1.9 ' +
      'steps a second, each a heel strike of 1.2–3.3 m/s² (log-normal, median 2) lasting about 60 ms on the ' +
      "body's smooth rise and fall (1.2 m/s²), braking and propulsion (1.2 m/s²) and side sway (0.7 m/s²): " +
      'vertical peaks of 2–4.5 m/s², as gait studies report at the hip and thigh.',
    durationS: 1800,
    generate: build('walking', 1800, (builder) => walkWithStops(builder, 0, 1800, WALKING)),
  },
  {
    id: 'running',
    kind: 'motion',
    label: 'everyday',
    title: 'jogging, phone in a pocket',
    description:
      'Twenty minutes of jogging at 2.8 steps a second (a 30 s walk at a crossing every 4–6 min): a flight ' +
      'phase in which the phone is all but weightless (a magnitude with gravity taken out reads about g), and a ' +
      'stance phase (62–78 % of the step) in which the ground force is a half-sine averaging body weight over ' +
      'the step, peaking at 2–2.5 g (vertical peaks of 10–15 m/s² without gravity), plus a 2–6 m/s² heel-strike ' +
      'transient, braking and propulsion of 3 m/s² and side sway of 1.5 m/s².',
    durationS: 1200,
    generate: build('running', 1200, (builder) => {
      const { canvas, random } = builder;
      let t = 0;
      while (t < 1200) {
        const jog = Math.min(1200, t + random.between(240, 360));
        run(canvas, random, t, jog, {
          ...JOGGING,
          cadenceHz: JOGGING.cadenceHz * random.between(0.95, 1.05),
        });
        const crossing = Math.min(1200, jog + 30);
        walk(canvas, random, jog, crossing, WALKING);
        t = crossing;
      }
    }),
  },
  {
    id: 'stairs',
    kind: 'motion',
    label: 'everyday',
    title: 'stairs, down and up',
    description:
      'Ten minutes on a staircase, phone in a trouser pocket: flights of 14 steps down then up, with two ' +
      'walking steps on each landing. Going down, heel strikes of median 3.4 m/s² on a 1.8 m/s² sway (vertical ' +
      'peaks of 4–7 m/s², as reported for stair descent at the waist); going up, median 1.5 m/s² on 1.1 m/s².',
    durationS: 600,
    generate: build('stairs', 600, (builder) => {
      const { canvas, random } = builder;
      let t = 0;
      let down = true;
      while (t < 600) {
        for (let flight = 0; flight < 4 && t < 600; flight++) {
          const gait = down ? STAIRS_DOWN : STAIRS_UP;
          const end = Math.min(600, t + 14 / gait.cadenceHz);
          walk(canvas, random, t, end, gait);
          const landing = Math.min(600, end + 2 / WALKING.cadenceHz);
          walk(canvas, random, end, landing, WALKING);
          t = landing;
        }
        down = !down;
      }
    }),
  },
  {
    id: 'bus',
    kind: 'motion',
    label: 'everyday',
    title: 'bus ride, phone in hand',
    description:
      'An hour seated on a city bus, phone in hand: stops every 40–120 s (pulling away at 0.8–1.5 m/s² for ' +
      '6–10 s, braking at 1–2 m/s² for 4–8 s), bends (1–2 m/s² sideways for 3–8 s), road vibration of ' +
      '0.3–0.5 m/s² RMS vertically (1–20 Hz, the seat values of bus comfort studies) while moving, engine ' +
      'vibration at stops, and jolts every 20–120 s of driving: potholes (a damped 8–12 Hz jolt of median ' +
      '3 m/s²) and speed bumps (front then rear axle 0.7 s apart, a 1.5–2.5 Hz bounce of 1.5–3.5 m/s²).',
    durationS: 3600,
    generate: build('bus', 3600, (builder) => {
      const { canvas, random } = builder;
      holdInHand(canvas, random, 0, 3600);
      const forwards = direction(random, 0);
      const side: [number, number, number] = [-forwards[1], forwards[0], 0];
      let t = 0;
      while (t < 3600) {
        const stop = random.between(10, 35);
        vibration(canvas, random, t, Math.min(3600, t + stop), {
          lowHz: 15,
          highHz: 30,
          rms: [0.03, 0.03, 0.06],
        });
        const start = t + stop;
        const driveS = random.between(40, 120);
        const end = Math.min(3600, start + driveS);
        // Pull away and brake: smooth (half-sine) longitudinal accelerations.
        pulse(canvas, start, random.between(6, 10), random.between(0.8, 1.5), forwards);
        pulse(canvas, end - 7, random.between(4, 7), -random.between(1, 2), forwards);
        if (random.chance(0.6))
          pulse(
            canvas,
            start + random.between(10, driveS - 15),
            random.between(3, 8),
            random.between(1, 2) * (random.chance(0.5) ? 1 : -1),
            side,
          );
        const roughness = random.between(0.3, 0.5);
        vibration(canvas, random, start, end, {
          lowHz: 1,
          highHz: 20,
          rms: [roughness / 2, roughness / 2, roughness],
        });
        for (let jolt = start + random.between(5, 60); jolt < end - 8; jolt += random.between(20, 120)) {
          if (random.chance(0.6)) {
            const frequency = random.between(8, 12);
            const size = 3 * Math.exp(0.35 * random.gaussian());
            for (let cycle = 0; cycle < 6; cycle++)
              pulse(
                canvas,
                jolt + cycle / (2 * frequency),
                1 / (2 * frequency),
                size * 0.5 ** cycle * (cycle % 2 ? -1 : 1),
              );
          } else {
            for (const axle of [0, 0.7]) {
              const frequency = random.between(1.5, 2.5);
              const size = random.between(1.5, 3.5);
              for (let cycle = 0; cycle < 4; cycle++)
                pulse(
                  canvas,
                  jolt + axle + cycle / (2 * frequency),
                  1 / (2 * frequency),
                  size * 0.45 ** cycle * (cycle % 2 ? -1 : 1),
                );
            }
          }
        }
        t = end;
      }
    }),
  },
  {
    id: 'cycling',
    kind: 'motion',
    label: 'everyday',
    title: 'cycling, phone in a jacket',
    description:
      'Twenty minutes cycling in town, phone in a jacket pocket: pedalling (2.7 Hz, 0.4 m/s² at the trunk), ' +
      'road vibration of 0.4–0.6 m/s² RMS (5–30 Hz) on asphalt and 1.5–2.5 m/s² on stretches of cobbles (1–3 ' +
      'min, about a quarter of the ride), kerbs and potholes every 1–3 min (a 4–8 m/s² damped jolt), and stops ' +
      'at lights.',
    durationS: 1200,
    generate: build('cycling', 1200, (builder) => {
      const { canvas, random } = builder;
      let t = 0;
      while (t < 1200) {
        const ride = Math.min(1200, t + random.between(90, 240));
        const cobbles = random.chance(0.45);
        const cobbleFrom = t + random.between(10, 30);
        const cobbleTo = Math.min(ride, cobbleFrom + random.between(60, 180));
        vibration(canvas, random, t, ride, { lowHz: 2.4, highHz: 3.0, rms: [0.15, 0.15, 0.4] });
        const asphalt = random.between(0.4, 0.6);
        const rough = random.between(1.5, 2.5);
        vibration(canvas, random, t, ride, {
          lowHz: 5,
          highHz: 30,
          rms: [0.5, 0.5, 1],
          envelope: (s) => (cobbles && s >= cobbleFrom && s < cobbleTo ? rough : asphalt),
        });
        for (let kerb = t + random.between(20, 120); kerb < ride; kerb += random.between(60, 180)) {
          const frequency = random.between(6, 10);
          const size = random.between(4, 8);
          for (let cycle = 0; cycle < 5; cycle++)
            pulse(
              canvas,
              kerb + cycle / (2 * frequency),
              1 / (2 * frequency),
              size * 0.45 ** cycle * (cycle % 2 ? -1 : 1),
            );
        }
        const lights = Math.min(1200, ride + random.between(10, 40));
        standStill(canvas, random, ride, lights);
        t = lights;
      }
    }),
  },
  {
    id: 'sofa-drops',
    kind: 'motion',
    label: 'everyday',
    title: 'dropped on a sofa',
    description:
      'Half an hour on a sofa, dropping the phone once a minute: held in hand for 20–40 s, let go 30–90 cm above ' +
      'the seat (free fall: the accelerometer reads about 0), caught by a cushion (a damped spring of 3–6 Hz, ' +
      'damping ratio 0.25–0.45: a 3–8 g impact, often at the sensor’s ±8 g limit, and a bounce or two), left ' +
      'for 10–20 s, picked up. Counted per drop as well as per hour.',
    durationS: 1800,
    eventNoun: 'drops',
    generate: build('sofa-drops', 1800, (builder) => {
      const { canvas, random } = builder;
      let t = 0;
      while (t + 60 <= 1800) {
        const drop = t + random.between(20, 40);
        holdInHand(canvas, random, t, drop);
        builder.data.events.push(drop);
        const rest = dropOnSofa(canvas, random, drop, random.between(0.3, 0.9));
        builder.postures.push(randomPosture(random, rest));
        const lift = Math.max(rest + 1, drop + random.between(10, 20));
        const held = pickUp(canvas, random, lift);
        builder.postures.push(randomPosture(random, held));
        t = Math.max(held, t + 60);
        holdInHand(canvas, random, held, t);
      }
    }),
  },
  {
    id: 'table-put-downs',
    kind: 'motion',
    label: 'everyday',
    title: 'put down on a table',
    description:
      'Twenty minutes of picking the phone up from a table and putting it back every 30 s: the reach up and ' +
      'down (minimum-jerk, 20–45 cm in 0.5–0.9 s), 10–20 s in hand, and the bump of contact: gentle in four ' +
      'cases of five (1–3 m/s² over 40–60 ms), brisk in one (3–7 m/s² over 20–30 ms). Counted per put-down.',
    durationS: 1200,
    eventNoun: 'put-downs',
    generate: build('table-put-downs', 1200, (builder) => {
      const { canvas, random } = builder;
      for (let putDowns = 0; putDowns < 40; putDowns++) {
        const t = 1 + 30 * putDowns;
        const held = pickUp(canvas, random, t);
        builder.postures.push(randomPosture(random, held));
        const down = held + random.between(10, 20);
        holdInHand(canvas, random, held, down);
        builder.data.events.push(down);
        const brisk = random.chance(0.2);
        const bump = brisk
          ? { peak: random.between(3, 7), durationS: random.between(0.02, 0.03) }
          : { peak: random.between(1, 3), durationS: random.between(0.04, 0.06) };
        const rest = putDown(canvas, random, down, bump);
        builder.postures.push(randomPosture(random, rest));
      }
    }),
  },
  shakeTrace(
    'shake-vigorous-sideways',
    'vigorous shake, sideways',
    'Held still in hand, then shaken sideways (horizontally) for 3 s at 5 Hz with ±2.5 cm of travel: peaks of ' +
      '25 m/s², each cycle ±12 % in strength and ±6 % in length, building up over the first cycle.',
    { shakeS: 3, frequencyHz: 5, peak: 25, elevationDeg: 0 },
  ),
  shakeTrace(
    'shake-vigorous-up-down',
    'vigorous shake, up and down',
    'As the sideways shake (5 Hz, 25 m/s², 3 s) but along gravity, where a magnitude with gravity included folds ' +
      'differently (the reading passes through 0 twice a cycle).',
    { shakeS: 3, frequencyHz: 5, peak: 25, elevationDeg: 90 },
  ),
  shakeTrace(
    'shake-hard-diagonal',
    'hard shake, diagonal',
    'Shaken for 3 s at 6 Hz with peaks of 30 m/s² (±2 cm), at 45° to the vertical.',
    { shakeS: 3, frequencyHz: 6, peak: 30, elevationDeg: 45 },
  ),
  shakeTrace(
    'shake-moderate',
    'moderate shake',
    'Shaken for 3 s at 4 Hz with peaks of 15 m/s² (±2.4 cm), at 30° to the horizontal.',
    { shakeS: 3, frequencyHz: 4, peak: 15, elevationDeg: 30 },
  ),
  shakeTrace(
    'shake-weak',
    'weak shake',
    'A tired or held-back arm: 3 s at 3.5 Hz with peaks of 10 m/s² (±2 cm), sideways.',
    { shakeS: 3, frequencyHz: 3.5, peak: 10, elevationDeg: 0 },
  ),
  shakeTrace(
    'shake-slow-wide',
    'slow wide shake',
    'Shaken slowly with long strokes: 3 s at 3 Hz with peaks of 20 m/s² (±5.6 cm), sideways.',
    { shakeS: 3, frequencyHz: 3, peak: 20, elevationDeg: 0 },
  ),
  shakeTrace(
    'shake-short',
    'short sharp shake',
    'A quick burst: 1.2 s (six cycles) at 5 Hz with peaks of 20 m/s², at 20° to the horizontal.',
    { shakeS: 1.2, frequencyHz: 5, peak: 20, elevationDeg: 20 },
  ),
  shakeTrace(
    'shake-walking',
    'shake while walking',
    'Walking with the phone in hand, then shaking it for 3 s at 5 Hz with peaks of 20 m/s² sideways while ' +
      'still walking.',
    { shakeS: 3, frequencyHz: 5, peak: 20, elevationDeg: 0 },
    'walking',
  ),
  shakeTrace(
    'shake-running',
    'shake while running',
    'Running away (the jogging model), shaking the phone for 3 s at 4.5 Hz with peaks of 20 m/s² at 30° to the ' +
      'horizontal while still running.',
    { shakeS: 3, frequencyHz: 4.5, peak: 20, elevationDeg: 30 },
    'running',
  ),
];
