import { CHECK_IN } from '#shared/constants';

const MINUTE_MS = 60_000;

/**
 * Whole minutes until the server's next_due_at (rounded up, never below 0): the same on every device and after a
 * reload, because it is counted from the server's time, not from when this screen started counting. Counted in
 * whole seconds first, so a phone clock a few milliseconds behind the server's does not show 6 minutes right
 * after checking in on a 5-minute interval.
 */
export function minutesRemaining(nextDueAt: string, nowMs: number): number {
  const seconds = Math.floor((Date.parse(nextDueAt) - nowMs) / 1000);
  return Math.max(0, Math.ceil(seconds / (MINUTE_MS / 1000)));
}

/**
 * The interval the Start button sends: an empty or unreadable input becomes the minimum, and
 * anything below it is raised to it. The ceiling is the input's and the server's (which refuses above it).
 */
export function intervalFromInput(value: string): number {
  const minutes = Math.floor(Number(value));
  if (value.trim() === '' || !Number.isFinite(minutes)) return CHECK_IN.minMinutes;
  return Math.max(CHECK_IN.minMinutes, minutes);
}
