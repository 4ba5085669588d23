import { describe, expect, it } from 'vitest';
import { MEETING } from '#shared/schemas/meeting';
import { meetingUnderWay, type MeetingWindow } from './meeting-under-way';

type Entry = MeetingWindow & { id: string };

const at = (time: string): string => new Date(`2026-05-12T${time}:00.000Z`).toISOString();
const now = (time: string): Date => new Date(`2026-05-12T${time}:00.000Z`);

function entry(id: string, startAt: string, endAt: string | null, createdAt = startAt): Entry {
  return { id, startAt, endAt, createdAt };
}

describe('meetingUnderWay', () => {
  it('is the entry whose window, start to Expected End, covers now, ends included', () => {
    const entries = [entry('a', at('14:00'), at('15:00'))];
    expect(meetingUnderWay(entries, now('13:59'))).toBeNull();
    expect(meetingUnderWay(entries, now('14:00'))?.id).toBe('a');
    expect(meetingUnderWay(entries, now('14:30'))?.id).toBe('a');
    expect(meetingUnderWay(entries, now('15:00'))?.id).toBe('a');
    expect(meetingUnderWay(entries, now('15:01'))).toBeNull();
  });

  it(`without an Expected End, lasts ${MEETING.windowWithoutEndHours} hours after the start`, () => {
    const entries = [entry('a', at('14:00'), null)];
    expect(meetingUnderWay(entries, now('16:59'))?.id).toBe('a');
    expect(meetingUnderWay(entries, now('17:00'))?.id).toBe('a');
    expect(meetingUnderWay(entries, now('17:01'))).toBeNull();
  });

  it('picks the newest saved of the meetings under way, whatever the order given', () => {
    const older = entry('older', at('13:00'), at('18:00'), at('12:00'));
    const newer = entry('newer', at('14:00'), null, at('13:50'));
    const over = entry('over', at('10:00'), at('11:00'), at('14:10'));
    expect(meetingUnderWay([newer, older, over], now('14:30'))?.id).toBe('newer');
    expect(meetingUnderWay([over, older, newer], now('14:30'))?.id).toBe('newer');
    // Before the newer one starts, the older one is under way.
    expect(meetingUnderWay([newer, older], now('13:30'))?.id).toBe('older');
  });

  it('is null for no entries, and never matches an entry with an unreadable time', () => {
    expect(meetingUnderWay([], now('14:00'))).toBeNull();
    expect(meetingUnderWay([entry('bad', 'yesterday', null)], now('14:00'))).toBeNull();
    expect(meetingUnderWay([entry('bad', at('13:00'), 'later')], now('14:00'))).toBeNull();
  });
});
