import { describe, expect, it } from 'vitest';
import type { WardJourneysResponse } from '#shared/schemas/journey';
import { fakeCheckIn, fakeEscort, fakeWarning } from '../../../testing/fake-journeys';
import { warningBanners, warningKey } from './warning-banners';

const ANA = '00000002-0000-4000-8000-00000000000a';
const BEN = '00000002-0000-4000-8000-00000000000b';
const anaEscort = fakeEscort({ user_id: ANA });
const benCheckIn = fakeCheckIn({ user_id: BEN });
const anaSilence = fakeWarning({
  user_id: ANA,
  journey_id: anaEscort.id,
  created_at: '2026-05-01T12:10:00.000Z',
});
const anaBattery = fakeWarning({
  user_id: ANA,
  journey_id: anaEscort.id,
  kind: 'last_gasp',
  battery: 3,
  created_at: '2026-05-01T12:20:00.000Z',
});
const benSilence = fakeWarning({
  user_id: BEN,
  journey: 'checkin',
  journey_id: benCheckIn.id,
  created_at: '2026-05-01T12:15:00.000Z',
});
const response = (overrides: Partial<WardJourneysResponse> = {}): WardJourneysResponse => ({
  escorts: [anaEscort],
  checkins: [benCheckIn],
  warnings: [anaSilence, anaBattery, benSilence],
  ...overrides,
});
const none = { dismissed: new Set<string>(), alertWards: new Set<string>() };

describe('which journey warnings interrupt the guardian', () => {
  it('one per ward, their newest, the newest ward first', () => {
    expect(warningBanners(response(), none).map((banner) => banner.warning)).toEqual([
      anaBattery,
      benSilence,
    ]);
  });

  it('"Got it" on the newest hides the ward’s banner; an older warning does not come back in its place', () => {
    const dismissed = new Set([warningKey(anaBattery)]);
    expect(warningBanners(response(), { ...none, dismissed }).map((banner) => banner.ward_id)).toEqual([BEN]);
  });

  it('"Got it" on an older warning does not hide a newer one', () => {
    const dismissed = new Set([warningKey(anaSilence)]);
    expect(warningBanners(response(), { ...none, dismissed })[0]?.warning).toEqual(anaBattery);
  });

  it('a journey that ended (arrived, stopped) stops interrupting', () => {
    const arrived = { ...anaEscort, status: 'completed' as const };
    const stopped = { ...benCheckIn, status: 'stopped' as const };
    expect(warningBanners(response({ escorts: [arrived], checkins: [stopped] }), none)).toEqual([]);
  });

  it('a ward with an open alert shows only the alert', () => {
    expect(
      warningBanners(response(), { ...none, alertWards: new Set([ANA]) }).map((banner) => banner.ward_id),
    ).toEqual([BEN]);
  });

  it('nothing before the journeys have loaded', () => {
    expect(warningBanners(undefined, none)).toEqual([]);
  });
});
