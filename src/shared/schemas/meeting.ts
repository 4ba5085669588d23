/**
 * Who You're Meeting (docs/PRODUCT.md#who-youre-meeting). The log is kept on the phone only; an alert raised during
 * a logged meeting's window carries that meeting (`meeting` of POST /api/alerts), and only then does it leave the
 * phone: the contacts' text names whom, where and since when; the person's active guardians see the photo.
 */
import { z } from 'zod';
import { MEETING_TEXTS } from '../meeting-texts';

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

const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+=*)$/;

/**
 * How each image type's bytes begin, as base64: JPEG FF D8 FF; PNG's signature; WebP "RIFF", a size, "WEBP". The
 * server serves the photo back under the type its data URL names, so the bytes must be that image.
 */
const IMAGE_START: Readonly<Record<string, RegExp>> = {
  jpeg: /^\/9j\//,
  png: /^iVBORw0KGg/,
  webp: /^UklG[A-Za-z0-9+/]{8}RUJQ/,
};

/** The bytes a base64 text decodes to. */
const decodedBytes = (base64: string): number =>
  Math.floor((base64.length * 3) / 4) - (base64.match(/=*$/)?.[0].length ?? 0);

/**
 * A JPEG, PNG or WebP data URL of at most photoMaxBytes of image (base64 is 4/3 of that, plus the header), whose
 * bytes begin as that type's do. The phone can check a meeting with this schema before it sends an alert: an
 * alert whose meeting is refused is refused whole.
 */
const photoRule = z
  .string()
  .max(Math.ceil((MEETING.photoMaxBytes * 4) / 3) + 64, MEETING_TEXTS.photoTooLarge)
  .regex(PHOTO_DATA_URL, MEETING_TEXTS.photoInvalid)
  .refine((url) => {
    const [, type, base64] = PHOTO_DATA_URL.exec(url) ?? [];
    return !type || !base64 || IMAGE_START[type]!.test(base64);
  }, MEETING_TEXTS.photoInvalid)
  .refine((url) => {
    const base64 = PHOTO_DATA_URL.exec(url)?.[2];
    return !base64 || decodedBytes(base64) <= MEETING.photoMaxBytes;
  }, MEETING_TEXTS.photoTooLarge);

/** The meeting an alert carries (POST /api/alerts `meeting`). */
export const AlertMeetingSchema = z.object({
  person: z.string().trim().max(MEETING.personMaxLength, MEETING_TEXTS.personTooLong),
  location: z.string().trim().max(MEETING.locationMaxLength, MEETING_TEXTS.locationTooLong),
  startAt: z.iso.datetime({ error: MEETING_TEXTS.startInvalid }),
  endAt: z.iso.datetime({ error: MEETING_TEXTS.endInvalid }).nullable(),
  notes: z.string().trim().max(MEETING.notesMaxLength, MEETING_TEXTS.notesTooLong),
  photo: photoRule.nullable(),
});
export type AlertMeeting = z.input<typeof AlertMeetingSchema>;

/** The meeting as the alert's owner and active guardians read it: the photo is fetched on its own. */
export const AlertMeetingViewSchema = AlertMeetingSchema.omit({ photo: true }).extend({
  hasPhoto: z.boolean(),
});
export type AlertMeetingView = z.infer<typeof AlertMeetingViewSchema>;
