import type { StoredMeeting } from '../lib/meeting-log/meeting-log-store';

/** One entry of a person's Who You're Meeting log: meeting Sam from now on, no end set, no photo unless asked. */
export function fakeMeeting(overrides: Partial<StoredMeeting> = {}): StoredMeeting {
  const now = new Date().toISOString();
  return {
    id: 'm1',
    person: 'Sam',
    location: '',
    startAt: now,
    endAt: null,
    notes: '',
    hasPhoto: false,
    createdAt: now,
    ...overrides,
  };
}
