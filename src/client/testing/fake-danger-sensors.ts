import type { SoundFrame } from '#shared/detection/loud-sound';
import type { MotionReading } from '#shared/detection/shake';
import type { DangerSensors } from '../lib/device/danger-sensors';
import type { MotionPermission } from '../lib/device/motion-sensor';
import { SensorError, type SensorFailure } from '../lib/device/sensor-error';
import type { SpeechFailure, SpeechListening } from '../lib/device/speech-sensor';
import type { WakeLockState } from '../lib/device/wake-lock';

/**
 * Danger sensors a test drives: it feeds motion readings and sound frames (traces), speaks transcripts, ends or
 * fails the speech recognition, and hides or shows the page. Everything starts allowed and supported.
 */
export type FakeDangerSensors = DangerSensors & {
  /** What `motion.permission()` answers; iOS before a tap is `prompt`. */
  motionPermission: MotionPermission;
  /** What `motion.requestPermission()` does: answer, or reject (`reject`: iOS outside a tap). */
  motionAnswer: 'granted' | 'denied' | 'reject';
  motionAsks: number;
  /** Feeds readings to every motion listener, in order. */
  emitMotion: (readings: readonly MotionReading[]) => void;
  motionListeners: () => number;
  /** How `sound.start` ends: running, held until a touch, or a failure. */
  soundOutcome: 'running' | 'held' | SensorFailure;
  soundSupported: boolean;
  /** Feeds frames to the open microphone, `frameMs` apart on the trace's clock. */
  emitSound: (frames: readonly SoundFrame[], frameMs?: number) => void;
  /** Releases a held microphone (the person touched the page). */
  releaseSound: () => void;
  soundOpen: () => boolean;
  speechSupported: boolean;
  /** The recognition starts listening at once (its `start` event) unless false. */
  speechStartsAt: 'once-started' | 'never';
  speechStarts: number;
  speechListening: () => boolean;
  /** A final result, as the recognition would hand it over. */
  speak: (transcript: string) => void;
  /** The recognition ends by itself (it does now and then). */
  endSpeech: () => void;
  failSpeech: (failure: SpeechFailure) => void;
  setVisible: (visible: boolean) => void;
  /** What the wake lock reports when asked for (default `on`). */
  wakeLockAnswer: WakeLockState;
  wakeLockHeld: () => boolean;
};

export function createFakeDangerSensors(): FakeDangerSensors {
  const motionListeners = new Set<(reading: MotionReading) => void>();
  let soundFrame: ((frame: SoundFrame, nowMs: number) => void) | null = null;
  let soundHeld: ((held: boolean) => void) | null = null;
  let soundClock = 0;
  let speech: SpeechListening | null = null;
  let visible = true;
  const visibilityListeners = new Set<() => void>();
  let wakeLockHeld = false;

  const fake: FakeDangerSensors = {
    motionPermission: 'granted',
    motionAnswer: 'granted',
    motionAsks: 0,
    motion: {
      permission: () => fake.motionPermission,
      requestPermission() {
        fake.motionAsks += 1;
        if (fake.motionAnswer === 'reject') return Promise.reject(new Error('Needs a tap'));
        fake.motionPermission = fake.motionAnswer;
        return Promise.resolve(fake.motionAnswer);
      },
      start(onReading) {
        motionListeners.add(onReading);
        return () => motionListeners.delete(onReading);
      },
    },
    emitMotion(readings) {
      for (const reading of readings) for (const listener of [...motionListeners]) listener(reading);
    },
    motionListeners: () => motionListeners.size,

    soundOutcome: 'running',
    soundSupported: true,
    sound: {
      isSupported: () => fake.soundSupported,
      start(onFrame, onHeld) {
        const outcome = fake.soundOutcome;
        if (outcome !== 'running' && outcome !== 'held') return Promise.reject(new SensorError(outcome));
        soundFrame = onFrame;
        soundHeld = onHeld;
        onHeld(outcome === 'held');
        return Promise.resolve(() => {
          soundFrame = null;
          soundHeld = null;
        });
      },
    },
    emitSound(frames, frameMs = 50) {
      for (const frame of frames) {
        soundClock += frameMs;
        soundFrame?.(frame, soundClock);
      }
    },
    releaseSound: () => soundHeld?.(false),
    soundOpen: () => soundFrame !== null,

    speechSupported: true,
    speechStartsAt: 'once-started',
    speechStarts: 0,
    speech: {
      isSupported: () => fake.speechSupported,
      start(listening) {
        if (!fake.speechSupported) throw new SensorError('unsupported');
        fake.speechStarts += 1;
        speech = listening;
        if (fake.speechStartsAt === 'once-started') queueMicrotask(() => speech?.onStart());
        return () => {
          if (speech === listening) speech = null;
        };
      },
    },
    speechListening: () => speech !== null,
    speak: (transcript) => speech?.onFinal(transcript),
    endSpeech() {
      const ended = speech;
      speech = null;
      ended?.onEnd();
    },
    failSpeech(failure) {
      const failed = speech;
      failed?.onError(failure);
      if (speech === failed) {
        speech = null;
        failed?.onEnd();
      }
    },

    visibility: {
      isVisible: () => visible,
      subscribe(onChange) {
        visibilityListeners.add(onChange);
        return () => visibilityListeners.delete(onChange);
      },
    },
    setVisible(next) {
      visible = next;
      for (const listener of [...visibilityListeners]) listener();
    },

    wakeLockAnswer: 'on',
    keepScreenAwake(onChange) {
      wakeLockHeld = fake.wakeLockAnswer === 'on';
      onChange(fake.wakeLockAnswer);
      return () => {
        wakeLockHeld = false;
        onChange('off');
      };
    },
    wakeLockHeld: () => wakeLockHeld,
  };
  return fake;
}
