/**
 * The escalation ladder as a plan (pure; docs/PRODUCT.md#when-nobody-answers): which step comes when, counted from
 * the moment the alert escalates (`start`: its texts went out plus the person's escalation time).
 *
 *   round 1:  push_again at +0, text_again at +0, call at +callAfterSeconds
 *   round r:  text_again at +(r-1)·repeatEverySeconds, call callAfterSeconds later    (r ≤ maxRounds)
 */
import { ALERT_ESCALATION, type EscalationStep } from '#shared/alert-life';

export type LadderStep = { round: number; step: EscalationStep };

/** Every step of the ladder, in order, with its offset from the start in seconds. */
export function ladder(
  timing: Pick<
    typeof ALERT_ESCALATION,
    'repeatEverySeconds' | 'maxRounds' | 'callAfterSeconds'
  > = ALERT_ESCALATION,
): Array<LadderStep & { offsetSeconds: number }> {
  const steps: Array<LadderStep & { offsetSeconds: number }> = [
    { round: 1, step: 'push_again', offsetSeconds: 0 },
  ];
  for (let round = 1; round <= timing.maxRounds; round++) {
    const textsAt = (round - 1) * timing.repeatEverySeconds;
    steps.push({ round, step: 'text_again', offsetSeconds: textsAt });
    steps.push({ round, step: 'call', offsetSeconds: textsAt + timing.callAfterSeconds });
  }
  return steps;
}

/** The step after `current`, with how long after `current` it is planned; null after the last. */
export function nextStep(current: LadderStep): (LadderStep & { afterSeconds: number }) | null {
  const steps = ladder();
  const index = steps.findIndex((s) => s.round === current.round && s.step === current.step);
  const next = index >= 0 ? steps[index + 1] : undefined;
  if (!next) return null;
  return {
    round: next.round,
    step: next.step,
    afterSeconds: next.offsetSeconds - steps[index]!.offsetSeconds,
  };
}

/** When the ladder starts: the escalation time after the alert's texts went out (`createdAt`). */
export function escalationStart(createdAt: Date, escalationSeconds: number): Date {
  return new Date(createdAt.getTime() + escalationSeconds * 1000);
}

/**
 * When the next step is due: as planned, or, when this one ran late (no instance was running), the same gap after
 * now, so a ladder that resumes after downtime still leaves a contact time to answer between steps.
 */
export function nextDueAt(plannedThis: Date, afterSeconds: number, now: Date): Date {
  const planned = plannedThis.getTime() + afterSeconds * 1000;
  const late = now.getTime() - plannedThis.getTime();
  return new Date(late > 0 ? planned + late : planned);
}

/** The job key of one step: the same step of one alert is one job, whichever instance enqueues it. */
export const stepKey = (alertId: string, step: LadderStep): string => `${alertId}:${step.round}:${step.step}`;
