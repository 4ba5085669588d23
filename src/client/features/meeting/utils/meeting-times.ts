import type { MeetingForm } from '#shared/schemas/meeting-form';
import type { MeetingEntry } from '#shared/schemas/meeting';

const DAY_MS = 86_400_000;

/** "14:05": what a time input shows for `at` on this phone's clock. */
export function clockTime(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** `day` (this phone's calendar day) at the time of day a time input holds ("14:05", "14:05:30"). */
function onDay(day: Date, time: string): Date {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  const at = new Date(day);
  at.setHours(hours, minutes, Math.floor(seconds), 0);
  return at;
}

/**
 * The entry the form saves at `now`: the Start Time on the day it is saved (blank: now), the Expected End after
 * it (an end at or before the start is on the next day: a meeting past midnight), or null when blank.
 */
export function meetingEntryFrom(
  form: MeetingForm,
  photo: string | null,
  now: Date,
  id: string,
): MeetingEntry {
  const start = form.startTime ? onDay(now, form.startTime) : now;
  let end = form.endTime ? onDay(now, form.endTime) : null;
  if (end && end.getTime() <= start.getTime()) end = new Date(end.getTime() + DAY_MS);
  return {
    id,
    person: form.person,
    location: form.location,
    startAt: start.toISOString(),
    endAt: end ? end.toISOString() : null,
    notes: form.notes,
    photo,
    createdAt: now.toISOString(),
  };
}
