import { describe, expect, it } from 'vitest';
import { MEETING } from '#shared/schemas/meeting';
import { meetingForAlert } from './meeting-for-alert';
import { clearMeetingLog, meetingLogStore, meetingPhotoKey, type StoredMeeting } from './meeting-log-store';

const ADA = 'user-ada';
const PHOTO = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==';
const NOW = new Date('2026-05-12T14:30:00.000Z');

function stored(overrides: Partial<StoredMeeting> = {}): StoredMeeting {
  return {
    id: 'm1',
    person: 'Sam',
    location: 'Café Nero',
    startAt: '2026-05-12T14:00:00.000Z',
    endAt: '2026-05-12T15:00:00.000Z',
    notes: 'Blue jacket',
    hasPhoto: false,
    createdAt: '2026-05-12T13:55:00.000Z',
    ...overrides,
  };
}

describe('meetingForAlert', () => {
  it('is the meeting under way, with its photo, as POST /api/alerts takes it', () => {
    meetingLogStore(ADA).set([stored({ hasPhoto: true })]);
    window.localStorage.setItem(meetingPhotoKey(ADA, 'm1'), PHOTO);
    expect(meetingForAlert(ADA, NOW)).toEqual({
      person: 'Sam',
      location: 'Café Nero',
      startAt: '2026-05-12T14:00:00.000Z',
      endAt: '2026-05-12T15:00:00.000Z',
      notes: 'Blue jacket',
      photo: PHOTO,
    });
  });

  it('is null when no meeting is under way, or the person has none', () => {
    meetingLogStore(ADA).set([stored()]);
    expect(meetingForAlert(ADA, new Date('2026-05-12T16:00:00.000Z'))).toBeNull();
    expect(meetingForAlert('user-bob', NOW)).toBeNull();
  });

  it('leaves out a photo the server would refuse, and sends no meeting the server would refuse', () => {
    meetingLogStore(ADA).set([stored({ hasPhoto: true })]);
    window.localStorage.setItem(meetingPhotoKey(ADA, 'm1'), 'data:text/html;base64,PHNjcmlwdD4=');
    expect(meetingForAlert(ADA, NOW)).toMatchObject({ person: 'Sam', photo: null });
    // A photo that was not kept reads as none.
    window.localStorage.removeItem(meetingPhotoKey(ADA, 'm1'));
    expect(meetingForAlert(ADA, NOW)).toMatchObject({ person: 'Sam', photo: null });

    meetingLogStore(ADA).set([stored({ notes: 'x'.repeat(MEETING.notesMaxLength + 1) })]);
    expect(meetingForAlert(ADA, NOW)).toBeNull();
  });

  it('is forgotten with its photos when the person signs out; another person’s log stays', () => {
    meetingLogStore(ADA).set([stored({ hasPhoto: true })]);
    window.localStorage.setItem(meetingPhotoKey(ADA, 'm1'), PHOTO);
    meetingLogStore('user-bob').set([stored({ id: 'b1', hasPhoto: true })]);
    window.localStorage.setItem(meetingPhotoKey('user-bob', 'b1'), PHOTO);
    clearMeetingLog(ADA);
    expect(meetingLogStore(ADA).get()).toEqual([]);
    expect(window.localStorage.getItem(meetingPhotoKey(ADA, 'm1'))).toBeNull();
    expect(meetingForAlert(ADA, NOW)).toBeNull();
    expect(meetingForAlert('user-bob', NOW)?.photo).toBe(PHOTO);
  });
});
