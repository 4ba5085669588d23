import type { SoundFrame } from '#shared/detection/loud-sound';
import type { MotionReading } from '#shared/detection/shake';

/**
 * Sensor traces for the detection tests, made to the shape of a phone's readings (DeviceMotionEvent with gravity
 * at 60 Hz; analyser frames of 1024 samples): synthetic, not recorded from a device.
 */
const HZ = 60;
const G = 9.81;

function trace(seconds: number, at: (t: number) => [number, number, number]): MotionReading[] {
  return Array.from({ length: Math.round(seconds * HZ) }, (_, index) => {
    const [x, y, z] = at(index / HZ);
    return { x, y, z, includesGravity: true };
  });
}

/** A phone lying on a table. */
export const lyingStill = (seconds = 1): MotionReading[] => trace(seconds, () => [0.02, -0.03, G]);

/** A phone in a pocket while walking: steps at 1.8 Hz, up to about 3 m/s² away from gravity. */
export const walking = (seconds = 4): MotionReading[] =>
  trace(seconds, (t) => [
    1.2 * Math.sin(2 * Math.PI * 0.9 * t),
    0.8 * Math.cos(2 * Math.PI * 0.9 * t),
    G + 2.5 * Math.sin(2 * Math.PI * 1.8 * t),
  ]);

/** A hard shake from side to side at 5 Hz: about 9 m/s² away from gravity at its peaks. */
export const shaking = (seconds = 1): MotionReading[] =>
  trace(seconds, (t) => [16 * Math.sin(2 * Math.PI * 5 * t), 0.5, G]);

function frame(amplitude: number, binLevel: number): SoundFrame {
  return {
    waveform: Float32Array.from({ length: 1024 }, (_, index) => amplitude * Math.sin(index / 3)),
    bins: Uint8Array.from({ length: 512 }, (_, index) => (index < 40 ? binLevel : 10)),
  };
}

/** A quiet room: a few frames of low noise. */
export const quietRoom = (frames = 20): SoundFrame[] => Array.from({ length: frames }, () => frame(0.02, 30));

/** A scream: loud frames for half a second at 50 ms apart (a loud sound must last 300 ms: decision 035). */
export const loudBang = (frames = 10): SoundFrame[] => Array.from({ length: frames }, () => frame(0.7, 220));
