import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatCountdown, secondsUntil, speedKmh } from './journey-format';

describe('journey formatting', () => {
  it('formats the countdown as m:ss and never below 0:00', () => {
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(305)).toBe('5:05');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-12)).toBe('0:00');
    expect(formatCountdown(3 * 3600)).toBe('180:00');
  });

  it("counts whole seconds to the server's deadline, rounding up", () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    expect(secondsUntil('2026-05-01T12:05:00.000Z', now)).toBe(300);
    expect(secondsUntil('2026-05-01T12:05:00.000Z', now + 500)).toBe(300);
    expect(secondsUntil('2026-05-01T12:00:00.000Z', now + 1000)).toBe(-1);
  });

  it('shows speed in km/h (m/s × 3.6) and coordinates to 6 decimals', () => {
    expect(speedKmh(10)).toBe('36.0');
    expect(speedKmh(1.25)).toBe('4.5');
    expect(formatCoordinate(51.5012345)).toBe('51.501235');
    expect(formatCoordinate(-0.1)).toBe('-0.100000');
  });
});
