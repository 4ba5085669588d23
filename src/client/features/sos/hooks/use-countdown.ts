import { useEffect, useRef, useState } from 'react';
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
 * run in the interval callback, never inside a state updater: React may call updaters twice (StrictMode), and a
 * doubled confirm would be a doubled SOS.
 */
export function useCountdown({
  onConfirm,
  soundEnabled,
  seconds = SOS.countdownSeconds,
  tickMs = SOS.tickMs,
  play = playSound,
}: CountdownOptions): number {
  const [remaining, setRemaining] = useState(seconds);
  const latest = useRef({ onConfirm, soundEnabled, play });
  useEffect(() => {
    latest.current = { onConfirm, soundEnabled, play };
  });

  useEffect(() => {
    let state = startCountdown(seconds);
    setRemaining(state.remaining);
    const timer = window.setInterval(() => {
      const next = tickCountdown(state);
      state = next.state;
      setRemaining(state.remaining);
      const { soundEnabled: sound, play: playTone, onConfirm: confirm } = latest.current;
      if (next.effect === 'beep' && sound) playTone('countdownBeep');
      if (next.effect === 'fire') {
        window.clearInterval(timer);
        if (sound) playTone('emergencyAlert');
        confirm();
      }
    }, tickMs);
    return () => window.clearInterval(timer);
  }, [seconds, tickMs]);

  return remaining;
}
