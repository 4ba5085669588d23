import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_LIMITS } from '#shared/constants';
import type { LatestLocationResponse, LocationRouteResponse } from '#shared/schemas/location';
import { ERRORS, FIELD_ISSUE_TEXTS, LOCATION_TEXTS, VALIDATION } from '#shared/texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { signInAgain } from '../../testing/test-users';
import type { RealtimeEventOf, RealtimeServerMessage } from '#shared/schemas/realtime';
import { endRelationship, linkGuardian, openSocket, postLocation } from '../guardians/guardian-test-helpers';
import { LOCATION_RETENTION_EVERY_MS, LOCATION_RETENTION_JOB } from './module';

describe('locations API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const post = (user: TestUser | null, payload: unknown) =>
    sut.app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: user?.headers ?? {},
      payload: payload as Record<string, unknown>,
    });
  const latest = (user: TestUser, userId?: string) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/locations/latest${userId === undefined ? '' : `?userId=${encodeURIComponent(userId)}`}`,
      headers: user.headers,
    });
  const route = (user: TestUser, userId?: string) =>
    sut.app.inject({
      method: 'GET',
      url: `/api/locations/route${userId === undefined ? '' : `?userId=${userId}`}`,
      headers: user.headers,
    });
  const storedCount = async (userId: string): Promise<number> =>
    (
      await sut.db.query<{ n: number }>('SELECT count(*)::int AS n FROM live_locations WHERE user_id = $1', [
        userId,
      ])
    ).rows[0]!.n;

  it('stores one reading with every field and returns it as the latest', async () => {
    const user = await createTestUser(sut);
    const taken = new Date(sut.clock.now().getTime() - 5000).toISOString();
    const reading = {
      latitude: 51.5007,
      longitude: -0.1246,
      accuracy: 12.5,
      speed: 1.4,
      heading: 270,
      altitude: -3.2,
      address: '51.500700, -0.124600',
      timestamp: taken,
      battery: 80,
      online: true,
    };
    expect(await postLocation(sut, user, reading)).toEqual({ stored: 1, checked: 0, sharing: true });

    const res = await latest(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<LatestLocationResponse>()).toEqual({
      user_id: user.id,
      sharing: true,
      location: {
        user_id: user.id,
        latitude: 51.5007,
        longitude: -0.1246,
        accuracy: 12.5,
        speed: 1.4,
        heading: 270,
        altitude: -3.2,
        address: '51.500700, -0.124600',
        battery_level: 80,
        online: true,
        recorded_at: taken,
        checked_at: taken,
      },
    });
  });

  it('stores a batch of up to 100; the latest is the newest taken; a future timestamp counts as now', async () => {
    const user = await createTestUser(sut);
    const now = sut.clock.now().getTime();
    const readings = Array.from({ length: LOCATION_LIMITS.maxReadingsPerRequest }, (_, i) => ({
      latitude: i / 10,
      longitude: i / 10,
      // Epoch milliseconds, as the browser's Position.timestamp gives them; sent out of order.
      timestamp: now - (i % 2 === 0 ? i : 200 - i) * 1000,
    }));
    expect((await post(user, { readings })).json()).toEqual({ stored: 100, checked: 0, sharing: true });
    expect(await storedCount(user.id)).toBe(100);
    expect((await latest(user)).json<LatestLocationResponse>().location).toMatchObject({
      latitude: 0,
      longitude: 0,
    });

    // Received a moment later than the batch (the newest of two readings taken at the same time is the one
    // received last).
    sut.clock.advance(1);
    expect((await post(user, { latitude: 1, longitude: 2, timestamp: now + 3_600_000 })).statusCode).toBe(
      200,
    );
    const newest = (await latest(user)).json<LatestLocationResponse>().location;
    expect(newest).toMatchObject({ latitude: 1, recorded_at: sut.clock.now().toISOString() });

    const routeRes = await route(user);
    expect(routeRes.statusCode).toBe(200);
    const points = routeRes.json<LocationRouteResponse>().route;
    expect(points).toHaveLength(LOCATION_LIMITS.routePoints);
    expect(points.at(-1)).toMatchObject({ latitude: 1, longitude: 2 });
    const times = points.map((point) => point.recorded_at);
    expect([...times].sort()).toEqual(times);
  });

  it('stores a batch sent again (its answer was lost) once', async () => {
    const user = await createTestUser(sut);
    const now = sut.clock.now().getTime();
    const readings = [
      { latitude: 40.7, longitude: -74, timestamp: now - 30_000 },
      { latitude: 40.8, longitude: -74, timestamp: now - 15_000 },
    ];
    expect((await post(user, { readings })).json()).toEqual({ stored: 2, checked: 0, sharing: true });
    const again = [...readings, { latitude: 40.9, longitude: -74, timestamp: now }];
    expect((await post(user, { readings: again })).json()).toEqual({ stored: 1, checked: 0, sharing: true });
    expect((await post(user, { readings: again })).json()).toEqual({ stored: 0, checked: 0, sharing: true });
    expect(await storedCount(user.id)).toBe(3);
    // Another reading taken at the same moment somewhere else is a different reading.
    expect((await post(user, { latitude: 41, longitude: -74, timestamp: now })).json()).toEqual({
      stored: 1,
      checked: 0,
      sharing: true,
    });
  });

  it('a phone lying still: each fresh reading there moves the place’s check, adds no point, and reaches guardians', async () => {
    const user = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    await linkGuardian(sut, guardian, user, 'active');
    const socket = await openSocket(sut.app, { user: guardian });
    try {
      const arrived = sut.clock.now();
      const home = { latitude: 40.7128, longitude: -74.006, accuracy: 9 };
      expect(await postLocation(sut, user, { ...home, battery: 60 })).toEqual({
        stored: 1,
        checked: 0,
        sharing: true,
      });
      // Five seconds later a fresh fix finds the phone at exactly the same place.
      sut.clock.advance(5000);
      expect(await postLocation(sut, user, { ...home, battery: 59, online: true })).toEqual({
        stored: 0,
        checked: 1,
        sharing: true,
      });
      expect(await storedCount(user.id)).toBe(1);
      const still = (await latest(user)).json<LatestLocationResponse>().location;
      expect(still).toMatchObject({
        ...home,
        battery_level: 59,
        online: true,
        recorded_at: arrived.toISOString(),
        checked_at: sut.clock.now().toISOString(),
      });
      // The guardian hears the check too: the same place, checked now.
      const isCheck = (message: RealtimeServerMessage): message is RealtimeEventOf<'location.updated'> =>
        message.type === 'location.updated' && message.payload.checked_at === sut.clock.now().toISOString();
      expect((await socket.waitFor(isCheck)).payload).toMatchObject({
        recorded_at: arrived.toISOString(),
        battery_level: 59,
      });

      // A reading sent late (taken before the check) changes nothing of it.
      expect(
        await postLocation(sut, user, { ...home, battery: 70, timestamp: arrived.getTime() + 1000 }),
      ).toEqual({ stored: 0, checked: 1, sharing: true });
      expect((await latest(user)).json<LatestLocationResponse>().location).toMatchObject({
        battery_level: 59,
        checked_at: sut.clock.now().toISOString(),
      });

      // Moving on is a new point; coming back is another.
      sut.clock.advance(5000);
      await postLocation(sut, user, { latitude: 40.72, longitude: -74.006 });
      sut.clock.advance(5000);
      expect(await postLocation(sut, user, home)).toEqual({ stored: 1, checked: 0, sharing: true });
      const points = (await route(user)).json<LocationRouteResponse>().route;
      expect(points.map((point) => point.latitude)).toEqual([40.7128, 40.72, 40.7128]);
    } finally {
      socket.close();
    }
  });

  it('an offline batch taken at one place is one point with its last check, also when sent again', async () => {
    const user = await createTestUser(sut);
    const now = sut.clock.now().getTime();
    const at = (latitude: number, secondsAgo: number, battery: number) => ({
      latitude,
      longitude: 2,
      timestamp: now - secondsAgo * 1000,
      battery,
    });
    // Out of order, as an outbox may hold them: two places, each read several times.
    const readings = [at(1, 50, 90), at(2, 20, 80), at(1, 40, 89), at(1, 30, 88), at(2, 10, 79)];
    expect((await post(user, { readings })).json()).toEqual({ stored: 2, checked: 3, sharing: true });
    expect((await post(user, { readings })).json()).toMatchObject({ stored: 0, sharing: true });
    expect(await storedCount(user.id)).toBe(2);
    const { rows } = await sut.db.query<{ latitude: number; checked_at: Date; battery_level: number }>(
      'SELECT latitude, checked_at, battery_level FROM live_locations WHERE user_id = $1 ORDER BY recorded_at',
      [user.id],
    );
    expect(rows).toEqual([
      { latitude: 1, checked_at: new Date(now - 30_000), battery_level: 88 },
      { latitude: 2, checked_at: new Date(now - 10_000), battery_level: 79 },
    ]);
  });

  it('answers each invalid reading with its field’s message and stores nothing', async () => {
    const user = await createTestUser(sut);
    const ok = { latitude: 1, longitude: 2 };
    const cases: Array<[unknown, string]> = [
      [{ ...ok, latitude: 90.01 }, VALIDATION.latitudeRange],
      [{ ...ok, latitude: -91 }, VALIDATION.latitudeRange],
      [{ longitude: 2 }, VALIDATION.latitudeRange],
      [{ ...ok, latitude: '51.5' }, VALIDATION.latitudeRange],
      [{ ...ok, longitude: 180.5 }, VALIDATION.longitudeRange],
      [{ latitude: 1 }, VALIDATION.longitudeRange],
      [{ ...ok, accuracy: -1 }, VALIDATION.accuracyPositive],
      [{ ...ok, speed: -0.1 }, VALIDATION.speedPositive],
      [{ ...ok, heading: 361 }, VALIDATION.headingRange],
      [{ ...ok, heading: -1 }, VALIDATION.headingRange],
      [{ ...ok, address: 'abc' }, VALIDATION.addressTooShort],
      [{ ...ok, address: 'x'.repeat(201) }, VALIDATION.addressTooLong],
      [{ ...ok, address: '<script>' }, VALIDATION.addressInvalid],
      [{ ...ok, timestamp: 'yesterday' }, LOCATION_TEXTS.invalidTimestamp],
      [{ ...ok, battery: 101 }, LOCATION_TEXTS.batteryRange],
      [{ ...ok, altitude: 'high' }, FIELD_ISSUE_TEXTS.mustBe('Altitude', 'a number')],
      [{ readings: [] }, LOCATION_TEXTS.readingsRequired],
      [{ readings: Array.from({ length: 101 }, () => ok) }, LOCATION_TEXTS.tooManyReadings],
      [{ readings: [ok, { ...ok, heading: 400 }] }, VALIDATION.headingRange],
      [[ok], FIELD_ISSUE_TEXTS.withField(FIELD_ISSUE_TEXTS.body, LOCATION_TEXTS.readingsRequired)],
      [{ readings: 'x' }, LOCATION_TEXTS.readingsRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post(user, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message });
    }
    expect(await storedCount(user.id)).toBe(0);
    // Altitude may be any number; null fields are fine (the browser gives null heading and speed).
    const fine = await post(user, {
      ...ok,
      altitude: -400,
      heading: null,
      speed: null,
      accuracy: null,
      address: '',
    });
    expect(fine.json()).toEqual({ stored: 1, checked: 0, sharing: true });
  });

  it('stores nothing while the person’s location sharing is off', async () => {
    const user = await createTestUser(sut);
    const res = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: { location_sharing_enabled: false },
    });
    expect(res.statusCode).toBe(200);
    expect((await post(user, { latitude: 1, longitude: 2 })).json()).toEqual({
      stored: 0,
      checked: 0,
      sharing: false,
    });
    expect(await storedCount(user.id)).toBe(0);
    expect((await latest(user)).json()).toEqual({ user_id: user.id, sharing: false, location: null });
  });

  it('shows a ward’s position to an active guardian only; everyone else gets 404', async () => {
    const ward = await createTestUser(sut);
    const active = await createTestUser(sut);
    const pending = await createTestUser(sut);
    const rejected = await createTestUser(sut);
    const former = await createTestUser(sut);
    const stranger = await createTestUser(sut);
    await linkGuardian(sut, active, ward, 'active');
    await linkGuardian(sut, pending, ward, 'pending');
    await linkGuardian(sut, rejected, ward, 'rejected');
    const ended = await linkGuardian(sut, former, ward, 'active');
    await endRelationship(sut, ward, ended.id);
    await postLocation(sut, ward, { latitude: 48.85, longitude: 2.35 });

    const seen = await latest(active, ward.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<LatestLocationResponse>().location).toMatchObject({ latitude: 48.85, longitude: 2.35 });
    expect((await route(active, ward.id)).json<LocationRouteResponse>().route).toHaveLength(1);

    for (const viewer of [pending, rejected, former, stranger]) {
      for (const res of [await latest(viewer, ward.id), await route(viewer, ward.id)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
      }
    }
    // A guardian is not visible to the ward this way, and malformed ids are just unknown.
    expect((await latest(ward, active.id)).statusCode).toBe(404);
    for (const id of ['nope', '', "' OR 1=1 --", '00000000-0000-4000-8000-000000000000']) {
      expect((await latest(active, id)).statusCode).toBe(404);
    }

    // When the ward turns sharing off, the guardian still may ask but sees no position.
    await sut.db.query('UPDATE profiles SET location_sharing_enabled = false WHERE id = $1', [ward.id]);
    expect((await latest(active, ward.id)).json()).toEqual({
      user_id: ward.id,
      sharing: false,
      location: null,
    });
    expect((await route(active, ward.id)).json<LocationRouteResponse>().route).toEqual([]);
  });

  it('answers 401 without a token, before validating the body', async () => {
    for (const res of [
      await post(null, { latitude: 999 }),
      await sut.app.inject({ method: 'GET', url: '/api/locations/latest' }),
      await sut.app.inject({ method: 'GET', url: '/api/locations/route' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'not_authenticated', message: ERRORS.notAuthenticated });
    }
  });

  it('deletes positions older than the retention period, once per period, from the job table', async () => {
    const user = await createTestUser(sut);
    const start = sut.clock.now().getTime();
    await postLocation(sut, user, { latitude: 1, longitude: 1, timestamp: start - 25 * 3_600_000 });
    await postLocation(sut, user, { latitude: 2, longitude: 2, timestamp: start - 23 * 3_600_000 });
    await postLocation(sut, user, { latitude: 3, longitude: 3 });
    expect(await storedCount(user.id)).toBe(3);

    // The periodic job runs through the app's scheduler with the configured hours (default 24).
    expect(sut.config.locations.retentionHours).toBe(24);
    await sut.app.scheduler.runNow(LOCATION_RETENTION_JOB);
    expect(await storedCount(user.id)).toBe(2);
    sut.clock.advance(2 * 3_600_000);
    await sut.app.scheduler.runNow(LOCATION_RETENTION_JOB);
    expect(await storedCount(user.id)).toBe(1);
    const fresh = await signInAgain(sut, user);
    expect((await latest(fresh)).json<LatestLocationResponse>().location).toMatchObject({ latitude: 3 });

    // A place the phone has stayed at for longer than the retention period is still its position.
    const still = { latitude: 5, longitude: 5 };
    await postLocation(sut, fresh, { ...still, timestamp: sut.clock.now().getTime() - 30 * 3_600_000 });
    await postLocation(sut, fresh, still);
    sut.clock.advance(LOCATION_RETENTION_EVERY_MS);
    await sut.app.scheduler.runNow(LOCATION_RETENTION_JOB);
    expect((await latest(fresh)).json<LatestLocationResponse>().location).toMatchObject(still);
    await sut.db.query('DELETE FROM live_locations WHERE user_id = $1 AND latitude = 5', [user.id]);

    // However often the scheduler asks, the job deletes once per period: its row is due again a period later.
    await postLocation(sut, fresh, {
      latitude: 4,
      longitude: 4,
      timestamp: sut.clock.now().getTime() - 25 * 3_600_000,
    });
    await sut.app.scheduler.runNow(LOCATION_RETENTION_JOB);
    expect(await storedCount(user.id)).toBe(2);
    sut.clock.advance(LOCATION_RETENTION_EVERY_MS);
    await sut.app.scheduler.runNow(LOCATION_RETENTION_JOB);
    expect(await storedCount(user.id)).toBe(1);
  });
});
