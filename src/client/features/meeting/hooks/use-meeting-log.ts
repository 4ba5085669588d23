import { useMemo, useSyncExternalStore } from 'react';
import {
  meetingLogStore,
  readMeetingPhoto,
  type StoredMeeting,
} from '../../../lib/meeting-log/meeting-log-store';

/** An entry as the Recent Meetings list shows it: with its photo, when one was kept. */
export type ShownMeeting = StoredMeeting & { photo: string | null };

/** The person's log, newest first, following changes (this tab's and other tabs'). */
export function useMeetingLog(userId: string): ShownMeeting[] {
  const store = meetingLogStore(userId);
  const entries = useSyncExternalStore(store.subscribe, store.get);
  return useMemo(
    () =>
      entries.map((entry) => ({
        ...entry,
        photo: entry.hasPhoto ? readMeetingPhoto(userId, entry.id) : null,
      })),
    [entries, userId],
  );
}
