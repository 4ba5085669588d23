/**
 * Who You're Meeting (docs/PRODUCT.md#who-youre-meeting). The log is kept on the phone only; an alert raised during
 * a logged meeting's window carries that meeting (`meeting` of POST /api/alerts), and only then does it leave the
 * phone: the contacts' text names whom, where and since when; the person's active guardians see the photo.
 */
import { z } from 'zod';
import { MEETING_VALIDATION } from '../meeting-texts';

export const MEETING = {
  /** Entries the phone keeps, newest first. */
  keep: 5,
  /** Without an Expected End, a meeting counts as under way for this long after its start. */
  windowWithoutEndHours: 3,
  /** The photo is resized on the phone to at most about this many bytes (JPEG). */
  photoMaxBytes: 200 * 1024,
  /** The longest side of the resized photo. */
  photoMaxSide: 800,
  personMaxLength: 100,
  locationMaxLength: 200,
  notesMaxLength: 500,
} as const;

/** One entry of the phone's log (IndexedDB / local storage; never sent except with an alert, below). */
export type MeetingEntry = {
  id: string;
  /** As typed; blank shows "Person not specified". */
  person: string;
  /** As typed or from the GPS button; blank shows "Location not specified". */
  location: string;
  /** When it starts, an instant (the form's Start Time on the day it was saved; default: when saved). */
  startAt: string;
  /** The form's Expected End as an instant, or null ("Not specified"). */
  endAt: string | null;
  notes: string;
  /** A JPEG data URL of at most MEETING.photoMaxBytes, or null. */
  photo: string | null;
  createdAt: string;
};

/**
 * A JPEG, PNG or WebP data URL of at most ~photoMaxBytes of image (base64 is 4/3 of that, plus the header). That its
 * bytes are that image and at most photoMaxBytes is `meetingPhotoIssue` (meeting-photo.ts), which the server
 * applies too: kept out of this schema, which every SOS loads, so the check downloads with the meeting log.
 */
const photoRule = z
  .string()
  .max(Math.ceil((MEETING.photoMaxBytes * 4) / 3) + 64, MEETING_VALIDATION.photoTooLarge)
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/]+=*$/, MEETING_VALIDATION.photoInvalid);

/** The meeting an alert carries (POST /api/alerts `meeting`). */
export const AlertMeetingSchema = z.object({
  person: z.string().trim().max(MEETING.personMaxLength, MEETING_VALIDATION.personTooLong),
  location: z.string().trim().max(MEETING.locationMaxLength, MEETING_VALIDATION.locationTooLong),
  startAt: z.iso.datetime({ error: MEETING_VALIDATION.startInvalid }),
  endAt: z.iso.datetime({ error: MEETING_VALIDATION.endInvalid }).nullable(),
  notes: z.string().trim().max(MEETING.notesMaxLength, MEETING_VALIDATION.notesTooLong),
  photo: photoRule.nullable(),
});
export type AlertMeeting = z.input<typeof AlertMeetingSchema>;

/** The meeting as the alert's owner and active guardians read it: the photo is fetched on its own. */
export const AlertMeetingViewSchema = AlertMeetingSchema.omit({ photo: true }).extend({
  hasPhoto: z.boolean(),
});
export type AlertMeetingView = z.infer<typeof AlertMeetingViewSchema>;
