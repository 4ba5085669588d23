import { describe, expect, it, vi } from 'vitest';
import type { MeetingEntry } from '#shared/schemas/meeting';
import { meetingLogStore, readMeetingPhoto } from '../../../lib/meeting-log/meeting-log-store';
import { deleteMeeting, saveMeeting } from './meeting-log';

const ADA = 'user-ada';

function entry(id: string, photo: string | null = `data:image/jpeg;base64,${id}AAA`): MeetingEntry {
  return {
    id,
    person: id,
    location: '',
    startAt: '2026-05-12T14:00:00.000Z',
    endAt: null,
    notes: '',
    photo,
    createdAt: '2026-05-12T14:00:00.000Z',
  };
}

describe('the meeting log on the phone', () => {
  it('removes the photo of the entry that drops off, and of a deleted one', () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) saveMeeting(ADA, entry(id));
    saveMeeting(ADA, entry('f'));
    expect(
      meetingLogStore(ADA)
        .get()
        .map((saved) => saved.id),
    ).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(readMeetingPhoto(ADA, 'a')).toBeNull();
    expect(readMeetingPhoto(ADA, 'b')).toBe('data:image/jpeg;base64,bAAA');
    deleteMeeting(ADA, 'b');
    expect(readMeetingPhoto(ADA, 'b')).toBeNull();
    expect(
      meetingLogStore(ADA)
        .get()
        .map((saved) => saved.id),
    ).toEqual(['f', 'e', 'd', 'c']);
  });

  it('keeps the entry without its photo when storage refuses the photo, and says so', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key, value) {
      if (key.startsWith('beacon-meeting-photo:')) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(saveMeeting(ADA, entry('a'))).toEqual({ photoLost: true });
    expect(meetingLogStore(ADA).get()[0]).toMatchObject({ id: 'a', hasPhoto: false });
    expect(saveMeeting(ADA, entry('b', null))).toEqual({ photoLost: false });
  });
});
