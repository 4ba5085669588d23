import { z } from 'zod';
import { STORAGE_KEYS } from '#shared/constants';
import { persistentStoreFamily } from '../persistent-store';

/**
 * Who You're Meeting as this phone keeps it (docs/PRODUCT.md#who-youre-meeting), per person, in local storage:
 * the entries without their photos under one key, read synchronously (an SOS reads the meeting under way without
 * waiting), and each photo, a JPEG data URL of at most ~270 KB, under a key of its own, so neither the list nor an
 * SOS parses every photo to read one. Written by the meeting feature, read by the SOS, cleared at sign-out: it
 * lives in lib/ because features do not import each other. Why local storage: docs/decisions/037.
 */
const StoredMeetingSchema = z.object({
  id: z.string(),
  person: z.string(),
  location: z.string(),
  startAt: z.string(),
  endAt: z.string().nullable(),
  notes: z.string(),
  /** Whether the photo was kept (under meetingPhotoKey). */
  hasPhoto: z.boolean(),
  createdAt: z.string(),
});
export type StoredMeeting = z.infer<typeof StoredMeetingSchema>;

const NONE: StoredMeeting[] = [];

/** Newest first, at most MEETING.keep. */
export const meetingLogStore = persistentStoreFamily<StoredMeeting[]>({
  keyFor: (userId) => `${STORAGE_KEYS.meetings}:${userId}`,
  schema: z.array(StoredMeetingSchema),
  fallback: NONE,
});

function photoPrefix(userId: string): string {
  return `${STORAGE_KEYS.meetingPhoto}:${userId}:`;
}

export function meetingPhotoKey(userId: string, entryId: string): string {
  return photoPrefix(userId) + entryId;
}

/** One entry's photo, or null (none kept, or no storage). */
export function readMeetingPhoto(userId: string, entryId: string): string | null {
  try {
    return window.localStorage.getItem(meetingPhotoKey(userId, entryId));
  } catch {
    return null;
  }
}

/**
 * Forgets the person's log and photos when they sign out, as the offline copy of their contacts: on a shared
 * phone the next person must not find whom they met, or their picture.
 */
export function clearMeetingLog(userId: string): void {
  meetingLogStore(userId).clear();
  try {
    const storage = window.localStorage;
    const prefix = photoPrefix(userId);
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) storage.removeItem(key);
  } catch {
    // No storage: nothing was kept there.
  }
}
