/**
 * GET /api/wards/journeys: a guardian reads the open escorts and check-ins of the people they actively guard,
 * recent expired/missed ones and the warnings sent about them; nobody else reads anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WardJourneysResponse } from '#shared/schemas/journey';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createGuardedWard, createTestUserWithContacts } from '../../testing/test-alerts';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian } from '../guardians/guardian-test-helpers';
import {
  PAST_FIVE_MINUTE_DEADLINE_MS,
  FIVE_MINUTE_ESCORT,
  postAs,
  runDeadlines,
  startCheckIn,
  startEscort,
} from './journey-test-helpers';

describe('the journeys of a guardian\u2019s wards', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
  });
  afterAll(() => sut?.close());

  const read = async (user: TestUser): Promise<WardJourneysResponse> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/journeys', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<WardJourneysResponse>();
  };

  it('shows an active guardian the open and recent journeys and warnings; pending, ended or strangers see none', async () => {
    const ward = await createTestUserWithContacts(sut, 'Ward', [{ phone: '+12015550123' }]);
    const guardian = await createTestUser(sut, 'Guardian');
    const pending = await createTestUser(sut, 'Pending');
    const ended = await createTestUser(sut, 'Ended');
    const stranger = await createTestUser(sut, 'Stranger');
    await linkGuardian(sut, guardian, ward);
    await linkGuardian(sut, pending, ward, 'pending');
    const gone = await linkGuardian(sut, ended, ward);
    await endRelationship(sut, ended, gone.id);

    const escort = await startEscort(sut, ward, FIVE_MINUTE_ESCORT);
    const checkIn = await startCheckIn(sut, ward, 60);
    await sut.db.query(
      `INSERT INTO journey_warnings (user_id, kind, journey, journey_id, last_signal_at, battery, location, created_at)
       VALUES ($1, 'silence', 'escort', $2, $3, 40, $4, $3)`,
      [
        ward.id,
        escort.id,
        sut.clock.now(),
        JSON.stringify({
          user_id: ward.id,
          latitude: 51.5,
          longitude: -0.12,
          accuracy: 10,
          speed: null,
          heading: null,
          altitude: null,
          address: null,
          battery_level: 40,
          online: true,
          recorded_at: sut.clock.now().toISOString(),
        }),
      ],
    );

    const seen = await read(guardian);
    expect(seen.escorts).toEqual([escort]);
    expect(seen.checkins).toEqual([checkIn]);
    expect(seen.warnings).toEqual([
      {
        kind: 'silence',
        journey: 'escort',
        journey_id: escort.id,
        user_id: ward.id,
        last_signal_at: sut.clock.now().toISOString(),
        battery: 40,
        location: expect.objectContaining({ latitude: 51.5, longitude: -0.12, user_id: ward.id }),
        created_at: sut.clock.now().toISOString(),
      },
    ]);
    for (const other of [pending, ended, stranger, ward]) {
      expect(await read(other)).toEqual({ escorts: [], checkins: [], warnings: [] });
    }

    // Expired: still shown for WARD_ACTIVITY.retentionHours; completed or stopped ones are not.
    sut.clock.advance(PAST_FIVE_MINUTE_DEADLINE_MS);
    await runDeadlines(sut);
    await postAs(sut, ward, `/api/checkins/${checkIn.id}/stop`);
    const later = await read(guardian);
    expect(later.escorts).toMatchObject([{ id: escort.id, status: 'expired' }]);
    expect(later.checkins).toEqual([]);

    sut.clock.advance(25 * 3_600_000);
    const dayLater = await read(await signInAgain(sut, guardian));
    expect(dayLater).toEqual({ escorts: [], checkins: [], warnings: [] });
  });

  it('a warning whose stored position does not parse shows no position', async () => {
    const { ward, guardian } = await createGuardedWard(sut, 'Ward', 'Guardian');
    await sut.db.query(
      `INSERT INTO journey_warnings (user_id, kind, journey, journey_id, last_signal_at, location, created_at)
       VALUES ($1, 'last_gasp', 'checkin', gen_random_uuid(), $2, '{"latitude": "x"}', $2)`,
      [ward.id, sut.clock.now()],
    );
    const [warning] = (await read(guardian)).warnings;
    expect(warning).toMatchObject({ kind: 'last_gasp', journey: 'checkin', battery: null, location: null });
  });
});
