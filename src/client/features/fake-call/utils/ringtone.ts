import { FAKE_CALL } from '#shared/fake-call';

/**
 * `playing`: the ringtone sounds. `off`: the person's Sound setting is off (the phone only vibrates). `unavailable`:
 * this browser has no Web Audio, or refused it.
 */
export type RingtoneState = 'playing' | 'off' | 'unavailable';

export type Ringer = { ringtone: RingtoneState; stop(): void };

export type RingOptions = {
  /** The person's Sound setting (lib/sounds.ts isSoundEnabled). */
  soundOn: boolean;
  /** The app's audio context (lib/sounds.ts), or null without Web Audio. */
  context: AudioContext | null;
  /** navigator.vibrate where the browser has it. */
  vibrate: ((pattern: number | readonly number[]) => boolean) | null;
};

/** The phone's vibration motor, where the browser lets a page use it (not Safari). */
export function browserVibrate(): RingOptions['vibrate'] {
  if (typeof navigator.vibrate !== 'function') return null;
  const vibrate = navigator.vibrate.bind(navigator);
  return (pattern) => vibrate(pattern as number | number[]);
}

/**
 * Rings until `stop()`: a ringtone synthesised with Web Audio (no sound file to download or cache), and the
 * vibration, once per cycle. Each cycle is scheduled on the audio clock, so the rhythm does not follow the page's
 * timers; stopping disconnects the output, silencing what was already scheduled.
 */
export function startRinging({ soundOn, context, vibrate }: RingOptions): Ringer {
  let output: GainNode | null = null;
  let ringtone: RingtoneState = soundOn ? 'unavailable' : 'off';
  if (soundOn && context) {
    try {
      // Primed when the call was scheduled (a tap), so the browser's autoplay rules let it run now.
      if (context.state === 'suspended') {
        context.resume().catch((error: unknown) => console.warn('Ringtone refused', error));
      }
      output = context.createGain();
      output.gain.value = FAKE_CALL.ring.volume;
      output.connect(context.destination);
      ringtone = 'playing';
    } catch (error) {
      console.warn('Ringtone failed', error);
      output = null;
    }
  }
  let nextStart = 0;
  const cycle = (): void => {
    vibrate?.(FAKE_CALL.vibrationMs);
    if (!output || !context) return;
    try {
      const start = Math.max(nextStart, context.currentTime + 0.05);
      scheduleCycle(context, output, start);
      nextStart = start + FAKE_CALL.ring.cycleMs / 1000;
    } catch (error) {
      console.warn('Ringtone failed', error);
    }
  };
  cycle();
  const timer = window.setInterval(cycle, FAKE_CALL.ring.cycleMs);
  return {
    ringtone,
    stop() {
      window.clearInterval(timer);
      vibrate?.(0);
      output?.disconnect();
      output = null;
    },
  };
}

/** One ring: bursts of the two tones together, each faded in and out so it does not click. */
function scheduleCycle(context: AudioContext, output: AudioNode, start: number): void {
  let at = start;
  FAKE_CALL.ring.burstsMs.forEach((burstMs, index) => {
    const seconds = burstMs / 1000;
    // Even entries sound, odd ones are the gaps between them.
    if (index % 2 === 0) {
      const envelope = context.createGain();
      envelope.gain.setValueAtTime(0, at);
      envelope.gain.linearRampToValueAtTime(1, at + 0.02);
      envelope.gain.setValueAtTime(1, at + seconds - 0.02);
      envelope.gain.linearRampToValueAtTime(0, at + seconds);
      envelope.connect(output);
      for (const frequency of FAKE_CALL.ring.frequencies) {
        const oscillator = context.createOscillator();
        oscillator.type = 'sine';
        oscillator.frequency.setValueAtTime(frequency, at);
        oscillator.connect(envelope);
        oscillator.start(at);
        oscillator.stop(at + seconds);
      }
    }
    at += seconds;
  });
}

/**
 * Unlocks the app's audio context while the person's tap is still being handled: Safari lets a context start only
 * then, and the call may ring minutes later.
 */
export function primeAudio(context: AudioContext | null): void {
  if (context?.state !== 'suspended') return;
  context.resume().catch((error: unknown) => console.warn('Audio could not be unlocked', error));
}
