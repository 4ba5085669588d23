import { TIME_TEXTS } from '#shared/guardian-ui-texts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** "14:05" in the viewer's locale and time zone. */
export function formatClockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** "Mon 14:05": the weekday too, for times that may not be today (expiries, old alerts). */
export function formatDayTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/**
 * "Mon 14:05 CET": the weekday and the zone's short name too, for a page read by someone who may be in another
 * time zone than the person it is about (the public tracking page).
 */
export function formatDayTimeZone(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** "just now", "40 s ago", "3 min ago", "2 h ago", then the date and time. */
export function formatAgo(iso: string, nowMs: number): string {
  const age = Math.max(0, nowMs - Date.parse(iso));
  if (age < 10_000) return TIME_TEXTS.justNow;
  if (age < MINUTE_MS) return TIME_TEXTS.secondsAgo(Math.floor(age / 1000));
  if (age < HOUR_MS) return TIME_TEXTS.minutesAgo(Math.floor(age / MINUTE_MS));
  if (age < 24 * HOUR_MS) return TIME_TEXTS.hoursAgo(Math.floor(age / HOUR_MS));
  return new Date(iso).toLocaleString();
}

/** "23 h 59 min" until `iso` (rounded up to the minute), or null once it has passed. */
export function formatRemaining(iso: string, nowMs: number): string | null {
  const left = Date.parse(iso) - nowMs;
  if (left <= 0) return null;
  const minutes = Math.ceil(left / MINUTE_MS);
  return TIME_TEXTS.duration(Math.floor(minutes / 60), minutes % 60);
}
