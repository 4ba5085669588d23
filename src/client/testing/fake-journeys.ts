import type { CheckIn, EscortSession, JourneyWarning } from '#shared/schemas/journey';

const USER = '00000001-0000-4000-8000-000000000001';

/** An active escort of 30 minutes started at `startedAt` (default: now), with no route yet. */
export function fakeEscort(
  overrides: Partial<EscortSession> = {},
  startedAt: number = Date.now(),
): EscortSession {
  return {
    id: '00000009-0000-4000-8000-000000000001',
    user_id: USER,
    status: 'active',
    destination_address: '12 Market Street',
    estimated_duration_minutes: 30,
    started_at: new Date(startedAt).toISOString(),
    deadline_at: new Date(startedAt + 30 * 60_000).toISOString(),
    completed_at: null,
    expired_at: null,
    alert_id: null,
    route: [],
    ...overrides,
  };
}

export function fakeCheckIn(overrides: Partial<CheckIn> = {}, startedAt: number = Date.now()): CheckIn {
  return {
    id: '0000000a-0000-4000-8000-000000000001',
    user_id: USER,
    status: 'active',
    interval_minutes: 30,
    started_at: new Date(startedAt).toISOString(),
    next_due_at: new Date(startedAt + 30 * 60_000).toISOString(),
    last_checked_in_at: null,
    stopped_at: null,
    missed_at: null,
    alert_id: null,
    ...overrides,
  };
}

/** A silence warning for the escort above, with a last position in London. */
export function fakeWarning(overrides: Partial<JourneyWarning> = {}): JourneyWarning {
  const userId = overrides.user_id ?? USER;
  return {
    kind: 'silence',
    journey: 'escort',
    journey_id: '00000009-0000-4000-8000-000000000001',
    user_id: userId,
    last_signal_at: '2026-05-01T12:00:00.000Z',
    battery: 42,
    location: {
      user_id: userId,
      latitude: 51.5,
      longitude: -0.12,
      accuracy: 12,
      speed: null,
      heading: null,
      altitude: null,
      address: null,
      battery_level: 42,
      online: true,
      recorded_at: '2026-05-01T11:59:00.000Z',
    },
    created_at: '2026-05-01T12:10:00.000Z',
    ...overrides,
  };
}
