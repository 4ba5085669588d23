import { describe, expect, it } from 'vitest';
import { WARD_ONLINE_WITHIN_MS } from '#shared/constants';
import type { Location } from '#shared/schemas/location';
import { fakeWarning } from '../../../testing/fake-journeys';
import { wardSignal } from './ward-signal';

const NOW = Date.parse('2026-05-01T12:00:00.000Z');
const at = (msAgo: number): string => new Date(NOW - msAgo).toISOString();

function reading(overrides: Partial<Location> = {}): Location {
  return {
    user_id: '00000002-0000-4000-8000-000000000001',
    latitude: 51.5,
    longitude: -0.12,
    accuracy: 10,
    speed: null,
    heading: null,
    altitude: null,
    address: null,
    battery_level: 50,
    online: true,
    recorded_at: at(30_000),
    ...overrides,
  };
}

describe('wardSignal', () => {
  it('says what the phone reported with a recent position: online or offline', () => {
    expect(wardSignal(reading(), [], NOW)).toBe('online');
    expect(wardSignal(reading({ online: false }), [], NOW)).toBe('offline');
    expect(wardSignal(reading({ recorded_at: at(WARD_ONLINE_WITHIN_MS) }), [], NOW)).toBe('online');
  });

  it('says no recent signal once the newest position is older than WARD_ONLINE_WITHIN_MS, whatever it reported', () => {
    const old = at(WARD_ONLINE_WITHIN_MS + 1000);
    expect(wardSignal(reading({ recorded_at: old }), [], NOW)).toBe('no_signal');
    expect(wardSignal(reading({ recorded_at: old, online: null }), [], NOW)).toBe('no_signal');
  });

  it('counts a new check of the same place as a signal: a ward lying still is not silent', () => {
    const arrived = at(WARD_ONLINE_WITHIN_MS * 3);
    expect(wardSignal(reading({ recorded_at: arrived, checked_at: at(5000) }), [], NOW)).toBe('online');
    expect(
      wardSignal(reading({ recorded_at: arrived, checked_at: at(WARD_ONLINE_WITHIN_MS + 1000) }), [], NOW),
    ).toBe('no_signal');
  });

  it('never says online after a silence warning that came after the newest position', () => {
    const silence = fakeWarning({ kind: 'silence', last_signal_at: at(11 * 60_000), created_at: at(0) });
    expect(wardSignal(reading({ recorded_at: at(11 * 60_000) }), [silence], NOW)).toBe('no_signal');
    // Even with a clock that makes the position look recent, the server's warning is newer.
    expect(wardSignal(reading({ recorded_at: at(60_000) }), [silence], NOW)).toBe('no_signal');
    expect(wardSignal(null, [silence], NOW)).toBe('no_signal');
    // A position after the warning: the phone is back.
    const before = fakeWarning({ kind: 'silence', created_at: at(60_000) });
    expect(wardSignal(reading({ recorded_at: at(10_000) }), [before], NOW)).toBe('online');
    // A battery warning says nothing about silence.
    const lastGasp = fakeWarning({ kind: 'last_gasp', created_at: at(0) });
    expect(wardSignal(reading(), [lastGasp], NOW)).toBe('online');
  });

  it('says nothing when nothing is known', () => {
    expect(wardSignal(null, [], NOW)).toBeNull();
    expect(wardSignal(reading({ online: null }), [], NOW)).toBeNull();
  });
});
