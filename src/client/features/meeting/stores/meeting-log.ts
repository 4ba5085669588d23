import { MEETING, type MeetingEntry } from '#shared/schemas/meeting';
import {
  meetingLogStore,
  meetingPhotoKey,
  type StoredMeeting,
} from '../../../lib/meeting-log/meeting-log-store';

/** `photoLost`: the entry had a photo that did not fit in what is left of the phone's local storage. */
export type SavedMeeting = { photoLost: boolean };

function writePhoto(userId: string, entryId: string, photo: string): boolean {
  try {
    window.localStorage.setItem(meetingPhotoKey(userId, entryId), photo);
    return true;
  } catch (error) {
    console.warn('Could not keep the meeting photo', error);
    return false;
  }
}

function removePhoto(userId: string, entryId: string): void {
  try {
    window.localStorage.removeItem(meetingPhotoKey(userId, entryId));
  } catch {
    // No storage: nothing was kept there.
  }
}

/**
 * Puts the entry first and keeps MEETING.keep: the oldest goes. Its photo is removed before the new one is written
 * (room for it), and the new one is written before the list names it, so the list never points at a photo that
 * is not there.
 */
export function saveMeeting(userId: string, entry: MeetingEntry): SavedMeeting {
  const store = meetingLogStore(userId);
  const current = store.get();
  for (const dropped of current.slice(MEETING.keep - 1)) removePhoto(userId, dropped.id);
  const { photo, ...fields } = entry;
  const photoKept = photo !== null && writePhoto(userId, entry.id, photo);
  const saved: StoredMeeting = { ...fields, hasPhoto: photoKept };
  store.set([saved, ...current.slice(0, MEETING.keep - 1)]);
  return { photoLost: photo !== null && !photoKept };
}

export function deleteMeeting(userId: string, entryId: string): void {
  const store = meetingLogStore(userId);
  store.set(store.get().filter((entry) => entry.id !== entryId));
  removePhoto(userId, entryId);
}
