/**
 * The meeting an alert carries (POST /api/alerts `meeting`): the entry of the phone's Who You're Meeting log that
 * was under way when the alert was raised. It is stored with the alert (its photo as bytes with their type), named
 * in the contacts' text (whom, where, since when: never the notes or the photo), and shown to the person and their
 * active guardians, the photo only through GET /api/alerts/:id/meeting-photo
 * (docs/decisions/034-protection-settings-and-alert-meetings.md).
 */
import type { z } from 'zod';
import { MEETING_TEXTS } from '#shared/meeting-texts';
import { MEETING, type AlertMeetingSchema } from '#shared/schemas/meeting';
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

/** What each image type's bytes start with: the photo must be what its data URL says it is. */
const SIGNATURES: Record<MeetingPhotoType, (bytes: Buffer) => boolean> = {
  'image/jpeg': (bytes) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/png': (bytes) =>
    bytes.length > 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (bytes) =>
    bytes.length > 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP',
};

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+=*)$/;

/**
 * The meeting of a request (already held to AlertMeetingSchema, which checks the photo's type and size on its
 * base64), with its photo decoded. The decoded bytes are checked once more, since the photo route serves them
 * under the type the data URL named: a photo they do not match is the 400 of `meeting.photo`, before anything is
 * stored.
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
  const match = DATA_URL.exec(dataUrl);
  const refuse = (message: string) => inputRefusal(['meeting', 'photo'], message, 'body');
  if (!match) throw refuse(MEETING_TEXTS.photoInvalid);
  const contentType = match[1] as MeetingPhotoType;
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MEETING.photoMaxBytes) throw refuse(MEETING_TEXTS.photoTooLarge);
  if (!SIGNATURES[contentType](bytes)) throw refuse(MEETING_TEXTS.photoInvalid);
  return { bytes, contentType };
}
