import { describe, expect, it } from 'vitest';
import { minutesRemaining } from './check-in-time';

describe('minutesRemaining', () => {
  const due = '2026-05-01T12:05:00.000Z';
  const at = (iso: string): number => Date.parse(iso);

  it('counts whole minutes up to the server deadline', () => {
    expect(minutesRemaining(due, at('2026-05-01T12:00:00.000Z'))).toBe(5);
    expect(minutesRemaining(due, at('2026-05-01T12:00:30.000Z'))).toBe(5);
    expect(minutesRemaining(due, at('2026-05-01T12:04:01.000Z'))).toBe(1);
    expect(minutesRemaining(due, at('2026-05-01T12:05:00.000Z'))).toBe(0);
    expect(minutesRemaining(due, at('2026-05-01T12:09:00.000Z'))).toBe(0);
  });

  it('shows 5, not 6, when the phone clock is a few milliseconds behind the server', () => {
    expect(minutesRemaining(due, at('2026-05-01T11:59:59.960Z'))).toBe(5);
  });
});
