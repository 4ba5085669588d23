import { AlertMeetingSchema, type AlertMeeting } from '#shared/schemas/meeting';
import { meetingLogStore, readMeetingPhoto } from './meeting-log-store';
import { meetingUnderWay } from './meeting-under-way';

/**
 * The meeting an alert raised at `now` carries (POST /api/alerts `meeting`), or null when none is under way. A
 * synchronous read of local storage (the list is parsed once per change, the photo is one key), so the SOS does
 * not wait on it. What it answers always passes the shared schema: a meeting must never be the reason the server
 * refuses an SOS, so a photo that would fail is left out, and an entry that would fail is not sent at all.
 */
export function meetingForAlert(userId: string, now: Date): AlertMeeting | null {
  const entry = meetingUnderWay(meetingLogStore(userId).get(), now);
  if (!entry) return null;
  const { person, location, startAt, endAt, notes } = entry;
  const meeting: AlertMeeting = {
    person,
    location,
    startAt,
    endAt,
    notes,
    photo: entry.hasPhoto ? readMeetingPhoto(userId, entry.id) : null,
  };
  if (AlertMeetingSchema.safeParse(meeting).success) return meeting;
  const withoutPhoto: AlertMeeting = { ...meeting, photo: null };
  return AlertMeetingSchema.safeParse(withoutPhoto).success ? withoutPhoto : null;
}
