import { useEffect, useRef, useState } from 'react';
import { ESCORT } from '#shared/constants';
import { LAST_CHANCE_TEXTS } from '#shared/last-chance-texts';
import { Button } from '../../../components/ui/button';
import { formatCountdown } from '../../../lib/journey-format';
import { isSoundEnabled, playSound } from '../../../lib/sounds';
import {
  journeyPhase,
  PROMPT_VIBRATION_MS,
  secondsUntilTexted,
  type JourneyPhase,
} from '../utils/journey-phase';

/** The phone's clock, re-read every second while a journey runs (`deadline` set). */
export function useJourneyClock(deadline: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return now;
}

/**
 * The app's alert sound and a vibration when a journey enters a phase in `alerting`, with Sound on (the person's
 * preference, lib/sounds.ts): once per phase and deadline, never on the first look at a screen.
 */
export function useAlertOnPhase(
  phase: JourneyPhase | null,
  deadline: string | null,
  alerting: readonly JourneyPhase[],
): void {
  const last = useRef<string | null>(null);
  useEffect(() => {
    const current = phase && deadline ? `${deadline}:${phase}` : null;
    const previous = last.current;
    last.current = current;
    if (!current || !phase || previous === null || previous === current) return;
    if (!alerting.includes(phase) || !isSoundEnabled()) return;
    playSound('emergencyAlert');
    navigator.vibrate?.(PROMPT_VIBRATION_MS);
  }, [phase, deadline, alerting]);
}

const LAST_CHANCE_ONLY: readonly JourneyPhase[] = ['last_chance'];

/**
 * "Are you safe?" once a running journey's deadline has passed, with a countdown to when the server texts the
 * contacts (the deadline plus the journey's last chance), I'm Safe and, for an escort, Add time. Nothing before
 * the deadline. `alerts`: it sounds and vibrates itself when the last chance begins (a screen with its own sound
 * for the phases passes false).
 */
export function LastChancePrompt({
  deadline,
  lastChanceSeconds,
  safeLabel,
  onSafe,
  onAddTime,
  busy = false,
  alerts = true,
}: {
  deadline: string;
  lastChanceSeconds: number;
  safeLabel: string;
  onSafe: () => void;
  onAddTime?: (minutes: number) => void;
  busy?: boolean;
  alerts?: boolean;
}) {
  const now = useJourneyClock(deadline);
  const phase = journeyPhase(deadline, lastChanceSeconds, now);
  useAlertOnPhase(alerts ? phase : null, deadline, LAST_CHANCE_ONLY);
  if (phase !== 'last_chance' && phase !== 'waiting') return null;
  const addMinutes = ESCORT.extendChoicesMinutes[1];
  return (
    <div
      role="alert"
      aria-labelledby="last-chance-title"
      data-testid="last-chance-prompt"
      className="flex flex-col gap-3 rounded-xl border border-primary bg-primary-soft p-3 text-primary-text"
    >
      <div>
        <p id="last-chance-title" className="text-lg font-bold">
          {LAST_CHANCE_TEXTS.promptTitle}
        </p>
        <p className="text-sm font-semibold" data-testid="last-chance-countdown">
          {phase === 'last_chance'
            ? LAST_CHANCE_TEXTS.promptBody(
                formatCountdown(secondsUntilTexted(deadline, lastChanceSeconds, now)),
              )
            : LAST_CHANCE_TEXTS.promptTextingNow}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button className="flex-1" disabled={busy} onClick={onSafe}>
          {safeLabel}
        </Button>
        {onAddTime ? (
          <Button variant="outline" disabled={busy} onClick={() => onAddTime(addMinutes)}>
            {`${LAST_CHANCE_TEXTS.addTime} (${LAST_CHANCE_TEXTS.addTimeMinutes(addMinutes)})`}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
