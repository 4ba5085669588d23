/**
 * Is a meeting's photo what its data URL says it is? The server serves the photo back under the type its data URL
 * names (GET /api/alerts/:id/meeting-photo), so the bytes must be that image, and at most MEETING.photoMaxBytes.
 * AlertMeetingSchema checks the data URL's shape; this checks its content, on the base64, without decoding: the
 * server refuses an alert whose photo fails it (400 `meeting.photo`), and the phone can leave such a photo out
 * before it sends one (an alert whose meeting is refused is refused whole).
 */
import { MEETING_VALIDATION } from './meeting-texts';
import { MEETING } from './schemas/meeting';

const PHOTO_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+=*)$/;

/** How each image type's bytes begin, as base64: JPEG FF D8 FF; PNG's signature; WebP "RIFF", a size, "WEBP". */
const IMAGE_START: Readonly<Record<string, RegExp>> = {
  jpeg: /^\/9j\//,
  png: /^iVBORw0KGg/,
  webp: /^UklG[A-Za-z0-9+/]{8}RUJQ/,
};

/** The message that refuses this photo, or null when it is a JPEG, PNG or WebP of at most photoMaxBytes. */
export function meetingPhotoIssue(dataUrl: string): string | null {
  const [, type, base64] = PHOTO_DATA_URL.exec(dataUrl) ?? [];
  if (!type || !base64 || !IMAGE_START[type]!.test(base64)) return MEETING_VALIDATION.photoInvalid;
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.match(/=*$/)?.[0].length ?? 0);
  return bytes > MEETING.photoMaxBytes ? MEETING_VALIDATION.photoTooLarge : null;
}
