/**
 * The meeting an alert carries (POST /api/alerts `meeting`): the entry of the phone's Who You're Meeting log that
 * was under way when the alert was raised. It is stored with the alert (its photo as bytes with their type), named
 * in the contacts' text (whom, where, since when: never the notes or the photo), and shown to the person and their
 * active guardians, the photo only through GET /api/alerts/:id/meeting-photo
 * (docs/decisions/034-protection-settings-and-alert-meetings.md).
 */
import type { z } from 'zod';
import { meetingPhotoIssue } from '#shared/meeting-photo';
import type { AlertMeetingSchema } from '#shared/schemas/meeting';
import { inputRefusal } from '../../http/validation';

export const MEETING_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MeetingPhotoType = (typeof MEETING_PHOTO_TYPES)[number];

export type MeetingPhoto = { bytes: Buffer; contentType: MeetingPhotoType };

/** A meeting as the server keeps it: instants as dates, the photo decoded. */
export type AlertMeetingInput = {
  person: string;
  location: string;
  startAt: Date;
  endAt: Date | null;
  notes: string;
  photo: MeetingPhoto | null;
};

/**
 * The meeting of a request (already held to AlertMeetingSchema), with its photo decoded. A photo whose bytes are not
 * the image its data URL names, or more than MEETING.photoMaxBytes, is the 400 of `meeting.photo`
 * (`meetingPhotoIssue`), before anything is stored: the photo route serves the bytes under that type.
 */
export function meetingFromRequest(meeting: z.output<typeof AlertMeetingSchema>): AlertMeetingInput {
  return {
    person: meeting.person,
    location: meeting.location,
    startAt: new Date(meeting.startAt),
    endAt: meeting.endAt ? new Date(meeting.endAt) : null,
    notes: meeting.notes,
    photo: meeting.photo ? decodePhoto(meeting.photo) : null,
  };
}

function decodePhoto(dataUrl: string): MeetingPhoto {
  const issue = meetingPhotoIssue(dataUrl);
  if (issue) throw inputRefusal(['meeting', 'photo'], issue, 'body');
  const [header = '', base64 = ''] = dataUrl.split(',');
  const contentType = header.slice('data:'.length, -';base64'.length) as MeetingPhotoType;
  return { bytes: Buffer.from(base64, 'base64'), contentType };
}
