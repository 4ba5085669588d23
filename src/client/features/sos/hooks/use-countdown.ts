import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SOS } from '#shared/constants';
import { playSound, type SoundName } from '../../../lib/sounds';
import { startCountdown, tickCountdown } from '../utils/countdown';

export type CountdownOptions = {
  onConfirm: () => void;
  /** Silent when false (the profile's sound_enabled). */
  soundEnabled: boolean;
  seconds?: number;
  tickMs?: number;
  /** Injected for tests; lib/sounds otherwise. */
  play?: (sound: SoundName) => void;
};

/**
 * Runs the countdown from mount (the dialog mounts it when it opens, and unmounting on close resets it). Effects
 * run in the timer callback, never inside a state updater: React may call updaters twice (StrictMode), and a
 * doubled confirm would be a doubled SOS.
 *
 * Each tick is aimed at `opened + n × tickMs` on the clock rather than chained intervals: a busy main thread
 * (the dialog's first paint, the audio start-up) delays one tick but never pushes the later ones back, so the
 * first tick comes one second after the dialog opened and the SOS fires ten seconds after, not later.
 */
export function useCountdown({
  onConfirm,
  soundEnabled,
  seconds = SOS.countdownSeconds,
  tickMs = SOS.tickMs,
  play = playSound,
}: CountdownOptions): number {
  const [remaining, setRemaining] = useState(seconds);
  const [openedAt] = useState(() => Date.now());
  const latest = useRef({ onConfirm, soundEnabled, play });
  useEffect(() => {
    latest.current = { onConfirm, soundEnabled, play };
  });

  useEffect(() => {
    let state = startCountdown(seconds);
    let ticks = 0;
    let timer: number | undefined;
    setRemaining(state.remaining);
    const schedule = (): void => {
      const due = openedAt + (ticks + 1) * tickMs;
      // Clamped to one tick: a clock set back must not stall the countdown.
      const delay = Math.min(tickMs, Math.max(0, due - Date.now()));
      timer = window.setTimeout(onTick, delay);
    };
    const onTick = (): void => {
      ticks += 1;
      const next = tickCountdown(state);
      state = next.state;
      // Shown now, before the sound: the first beep creates the audio context, which can take a few hundred
      // milliseconds, and a batched render would wait for it (the "first second lasts 1.4 s" bug).
      flushSync(() => setRemaining(state.remaining));
      const { soundEnabled: sound, play: playTone, onConfirm: confirm } = latest.current;
      if (next.effect === 'beep' && sound) playTone('countdownBeep');
      if (next.effect === 'fire') {
        if (sound) playTone('emergencyAlert');
        confirm();
        return;
      }
      schedule();
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [seconds, tickMs, openedAt]);

  return remaining;
}
