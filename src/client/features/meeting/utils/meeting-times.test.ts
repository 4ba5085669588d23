import { describe, expect, it } from 'vitest';
import { clockTime, meetingEntryFrom } from './meeting-times';

const form = { person: 'Sam', location: '', notes: '', startTime: '', endTime: '' };
const NOW = new Date(2026, 4, 12, 22, 40, 15);

describe('meetingEntryFrom', () => {
  it('starts now when Start Time is blank, and has no end when Expected End is blank', () => {
    const entry = meetingEntryFrom(form, null, NOW, 'id-1');
    expect(entry).toMatchObject({
      id: 'id-1',
      startAt: NOW.toISOString(),
      endAt: null,
      createdAt: NOW.toISOString(),
    });
  });

  it('puts an Expected End at or before the start on the next day (a meeting past midnight)', () => {
    const entry = meetingEntryFrom({ ...form, startTime: '22:30', endTime: '01:15' }, null, NOW, 'id-1');
    expect(entry.startAt).toBe(new Date(2026, 4, 12, 22, 30).toISOString());
    expect(entry.endAt).toBe(new Date(2026, 4, 13, 1, 15).toISOString());
    const same = meetingEntryFrom({ ...form, startTime: '22:30', endTime: '23:45' }, null, NOW, 'id-1');
    expect(same.endAt).toBe(new Date(2026, 4, 12, 23, 45).toISOString());
  });

  it('writes the time of day as a time input shows it', () => {
    expect(clockTime(new Date(2026, 0, 1, 7, 5))).toBe('07:05');
  });
});
