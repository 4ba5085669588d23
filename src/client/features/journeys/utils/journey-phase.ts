import { LAST_CHANCE } from '#shared/last-chance';

/**
 * Where a running journey stands on the phone's clock: `running`, `warning` (the last five minutes), `last_chance`
 * (the deadline has passed and the server waits the person's last chance before texting the contacts) or
 * `waiting` (that has passed too: the server decides). The server's deadline and last chance decide; this only
 * shows them.
 */
export type JourneyPhase = 'running' | 'warning' | 'last_chance' | 'waiting';

export function journeyPhase(deadlineIso: string, lastChanceSeconds: number, nowMs: number): JourneyPhase {
  const deadline = Date.parse(deadlineIso);
  if (nowMs < deadline - LAST_CHANCE.warningMs) return 'running';
  if (nowMs < deadline) return 'warning';
  if (nowMs < deadline + lastChanceSeconds * 1000) return 'last_chance';
  return 'waiting';
}

/** Seconds until the contacts are texted: the deadline plus the journey's last chance. */
export function secondsUntilTexted(deadlineIso: string, lastChanceSeconds: number, nowMs: number): number {
  return Math.ceil((Date.parse(deadlineIso) + lastChanceSeconds * 1000 - nowMs) / 1000);
}

/** Three pulses, the last long: felt in a pocket (the pushes use the same). */
export { PROMPT_VIBRATION_MS } from '#shared/constants';
