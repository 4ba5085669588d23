import type { MotionReading } from '#shared/detection/shake';

/**
 * `granted`: readings flow without asking (Android, desktop) or the person allowed them. `prompt`: the browser
 * must ask first, from a tap (iOS Safari 13 and later). `denied`: the person said no (iOS keeps the answer until
 * Safari is closed). `unsupported`: this browser has no motion events at all.
 */
export type MotionPermission = 'granted' | 'prompt' | 'denied' | 'unsupported';

/** The phone's accelerometer (DeviceMotionEvent), behind an interface tests drive with recorded readings. */
export type MotionSensor = {
  permission(): MotionPermission;
  /**
   * Asks for motion readings. On iOS only a call made inside a tap can show the question; a call outside one
   * rejects unless the person already answered, so callers treat a rejection as "ask from a tap".
   */
  requestPermission(): Promise<'granted' | 'denied'>;
  /** Listens until the returned function is called. Readings the device cannot give (all null) are skipped. */
  start(onReading: (reading: MotionReading) => void): () => void;
};

type MotionEventClass = { requestPermission?: () => Promise<'granted' | 'denied' | 'default'> };

function motionEventClass(): MotionEventClass | null {
  if (typeof window === 'undefined' || !('DeviceMotionEvent' in window)) return null;
  return window.DeviceMotionEvent as unknown as MotionEventClass;
}

type Axes = { x: number | null; y: number | null; z: number | null } | null;

function readingOf(axes: Axes, includesGravity: boolean): MotionReading | null {
  if (!axes || axes.x === null || axes.y === null || axes.z === null) return null;
  return { x: axes.x, y: axes.y, z: axes.z, includesGravity };
}

/** The reading of one event: the acceleration without gravity where the device gives it, else with gravity. */
export function motionReadingOf(event: DeviceMotionEvent): MotionReading | null {
  return readingOf(event.acceleration, false) ?? readingOf(event.accelerationIncludingGravity, true);
}

/** The browser's motion sensor. iOS's answer is remembered for this page, since iOS offers no way to read it. */
export function createBrowserMotionSensor(): MotionSensor {
  let answer: 'granted' | 'denied' | null = null;
  let asking: Promise<'granted' | 'denied'> | null = null;
  return {
    permission() {
      const events = motionEventClass();
      if (!events) return 'unsupported';
      if (typeof events.requestPermission !== 'function') return 'granted';
      return answer ?? 'prompt';
    },
    requestPermission() {
      const events = motionEventClass();
      if (!events) return Promise.resolve('denied');
      if (typeof events.requestPermission !== 'function') return Promise.resolve('granted');
      // Called synchronously, so a call made in a tap reaches iOS within that tap. One question at a time.
      asking ??= events.requestPermission().then(
        (result) => {
          asking = null;
          answer = result === 'granted' ? 'granted' : 'denied';
          return answer;
        },
        (error: unknown) => {
          asking = null;
          throw error;
        },
      );
      return asking;
    },
    start(onReading) {
      const listener = (event: DeviceMotionEvent): void => {
        const reading = motionReadingOf(event);
        if (reading) onReading(reading);
      };
      window.addEventListener('devicemotion', listener);
      return () => window.removeEventListener('devicemotion', listener);
    },
  };
}
