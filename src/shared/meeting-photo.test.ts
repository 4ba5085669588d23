import { describe, expect, it } from 'vitest';
import { meetingPhotoIssue } from './meeting-photo';
import { MEETING_TEXTS } from './meeting-texts';
import { AlertMeetingSchema, MEETING } from './schemas/meeting';

const meeting = {
  person: 'Sam Jones',
  location: 'Café Rio',
  startAt: '2026-01-16T00:30:00.000Z',
  endAt: null,
  notes: '',
};

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Base64 of bytes, written out here: this folder runs in the browser too, without Node's Buffer. */
function base64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? '==' : ALPHABET[(n >> 6) & 63]! + (c === undefined ? '=' : ALPHABET[n & 63]!);
  }
  return out;
}
const text = (words: string): number[] => [...words].map((char) => char.charCodeAt(0));
const dataUrl = (type: string, bytes: readonly number[]): string =>
  `data:image/${type};base64,${base64(bytes)}`;
const jpeg = (size: number): number[] => [0xff, 0xd8, 0xff, ...new Array<number>(size - 3).fill(0)];
const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48];
const webp = [...text('RIFF'), 0x24, 0x00, 0x00, 0x00, ...text('WEBPVP8 ')];

/** Why the photo is refused (the schema's first issue, else the content check), or null when it is taken. */
function photoIssue(photo: string): string | null {
  const result = AlertMeetingSchema.safeParse({ ...meeting, photo });
  if (!result.success) return result.error.issues[0]?.message ?? '';
  return meetingPhotoIssue(photo);
}

describe('the photo a meeting carries', () => {
  it('writes base64 as Node does', () => {
    expect(base64(text('RIFF'))).toBe('UklGRg==');
    expect(base64([0xff, 0xd8, 0xff, 0xe0, 0x00])).toBe('/9j/4AA=');
  });

  it('takes a JPEG, PNG or WebP up to the size the phone resizes to', () => {
    expect(photoIssue(dataUrl('jpeg', jpeg(MEETING.photoMaxBytes)))).toBeNull();
    expect(photoIssue(dataUrl('png', png))).toBeNull();
    expect(photoIssue(dataUrl('webp', webp))).toBeNull();
  });

  it('refuses bytes that are not the image the data URL names', () => {
    expect(photoIssue(dataUrl('jpeg', png))).toBe(MEETING_TEXTS.photoInvalid);
    expect(photoIssue(dataUrl('png', jpeg(10)))).toBe(MEETING_TEXTS.photoInvalid);
    expect(photoIssue(dataUrl('webp', text('RIFF....WAVEfmt ')))).toBe(MEETING_TEXTS.photoInvalid);
    expect(photoIssue(dataUrl('jpeg', text('<svg onload=alert(1)>')))).toBe(MEETING_TEXTS.photoInvalid);
    expect(photoIssue(dataUrl('gif', text('GIF89a')))).toBe(MEETING_TEXTS.photoInvalid);
  });

  it('refuses an image over the size, whatever its padding', () => {
    for (const extra of [1, 2, 3]) {
      expect(photoIssue(dataUrl('jpeg', jpeg(MEETING.photoMaxBytes + extra)))).toBe(
        MEETING_TEXTS.photoTooLarge,
      );
    }
    expect(photoIssue(dataUrl('jpeg', jpeg(MEETING.photoMaxBytes * 2)))).toBe(MEETING_TEXTS.photoTooLarge);
  });
});
