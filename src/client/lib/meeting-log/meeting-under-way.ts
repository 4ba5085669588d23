import { MEETING } from '#shared/schemas/meeting';

/** What decides whether a logged meeting is under way: its window, and which entry is the newest. */
export type MeetingWindow = { startAt: string; endAt: string | null; createdAt: string };

const HOUR_MS = 3_600_000;

/**
 * The meeting under way at `now`: of the entries whose window covers it — from the start to the Expected End,
 * or MEETING.windowWithoutEndHours after the start when there is no end — the one saved last. Null when none
 * does (a meeting that has not started, or is over, says nothing about an alert).
 */
export function meetingUnderWay<T extends MeetingWindow>(entries: readonly T[], now: Date): T | null {
  const at = now.getTime();
  let found: T | null = null;
  for (const entry of entries) {
    const start = Date.parse(entry.startAt);
    const end =
      entry.endAt === null ? start + MEETING.windowWithoutEndHours * HOUR_MS : Date.parse(entry.endAt);
    // An unreadable instant is NaN, and every comparison with it is false: such an entry never matches.
    if (!(start <= at && at <= end)) continue;
    if (!found || Date.parse(entry.createdAt) > Date.parse(found.createdAt)) found = entry;
  }
  return found;
}
