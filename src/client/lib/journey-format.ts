/**
 * Pure formatting for journeys (escort countdowns, speed, heading), shared by the escort screens and the
 * guardian's view of them (docs/PRODUCT.md#escort-mode).
 */

/** Whole seconds from `nowMs` until `deadlineIso` (negative once it has passed); the server's deadline decides. */
export function secondsUntil(deadlineIso: string, nowMs: number): number {
  return Math.ceil((Date.parse(deadlineIso) - nowMs) / 1000);
}

/** "29:59", "4:05", "0:00": minutes (any number of them) and two-digit seconds; never below zero. */
export function formatCountdown(seconds: number): string {
  const left = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(left / 60);
  return `${minutes}:${String(left % 60).padStart(2, '0')}`;
}

/** The browser gives metres per second; the screens show km/h (m/s × 3.6) with one decimal. */
export function speedKmh(metresPerSecond: number): string {
  return (metresPerSecond * 3.6).toFixed(1);
}

/** One coordinate to 6 decimals (about 0.1 m). */
export function formatCoordinate(value: number): string {
  return value.toFixed(6);
}
