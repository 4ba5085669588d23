import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOURNEY_WARNING_TEXTS } from '#shared/journey-watch-texts';
import type { PushPayload } from '#shared/schemas/push';
import { formatTextTime } from '#shared/alert-sms-text';
import { browserKeys, decryptPush, type FakePushService } from '../../testing/fake-push-service';
import { createGuardedWard } from '../../testing/test-alerts';
import {
  createTestApp,
  createTestAppWithPush,
  type TestApp,
  type TestAppWithPush,
} from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { openSocket, postLocation } from '../guardians/guardian-test-helpers';
import { insertCheckInRow, insertEscortRow, textsOf } from '../journeys/journey-test-helpers';
import { SILENCE_WATCH_JOB } from './module';
import { WARNING_PUSH_JOB } from './warning-push-job';

const MINUTE = 60_000;

/**
 * The journey watch (modules/journey-watch): guardians hear, once per journey and without any text to the
 * contacts, when a ward's phone goes silent during an escort or check-in, and when its battery is about to die.
 * Journeys are written as rows here: their API is the journeys module's.
 */
describe('journey watch: silence warning, last gasp, heartbeat', () => {
  let sut: TestAppWithPush;
  let push: FakePushService;
  beforeAll(async () => {
    sut = await createTestAppWithPush({ JOURNEY_SILENCE_MINUTES: '10' });
    push = sut.push;
  });
  afterAll(async () => {
    await sut?.close();
  });
  beforeEach(() => {
    push.received.length = 0;
  });

  const guardedWard = async (wardName: string) => {
    const { ward, guardian } = await createGuardedWard(sut, wardName, 'Gina Guardian');
    const browser = browserKeys();
    const subscribed = await sut.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: guardian.headers,
      payload: { endpoint: push.url(`/${guardian.id}`), keys: browser.keys, expirationTime: null },
    });
    expect(subscribed.statusCode).toBe(204);
    return { ward, guardian, browser };
  };
  const warningsOf = async (userId: string) =>
    (
      await sut.db.query<{ kind: string; journey: string; journey_id: string; battery: number | null }>(
        'SELECT kind, journey, journey_id, battery FROM journey_warnings WHERE user_id = $1 ORDER BY created_at',
        [userId],
      )
    ).rows;
  const pushesTo = (guardian: TestUser, browser: ReturnType<typeof browserKeys>): PushPayload[] =>
    push.received
      .filter((request) => request.path === `/${guardian.id}`)
      .map((request) => JSON.parse(decryptPush(request.body, browser)) as PushPayload);
  const watch = async () => {
    await sut.app.scheduler.runNow(SILENCE_WATCH_JOB);
    await sut.app.scheduler.runNow(WARNING_PUSH_JOB);
  };
  const heartbeat = (user: TestUser, payload: Record<string, unknown>) =>
    sut.app.inject({ method: 'POST', url: '/api/journeys/heartbeat', headers: user.headers, payload });

  it('warns guardians once when the phone has been silent for 10 minutes, with its last position', async () => {
    const { ward, guardian, browser } = await guardedWard('Sam Silent');
    await postLocation(sut, ward, { latitude: 51.5, longitude: -0.12, battery: 40 });
    const lastHeard = sut.clock.now();
    const escortId = await insertEscortRow(sut, ward);
    const socket = await openSocket(sut.app, { user: guardian });

    sut.clock.advance(9 * MINUTE);
    await watch();
    expect(await warningsOf(ward.id)).toEqual([]);

    sut.clock.advance(2 * MINUTE);
    await watch();
    expect(await warningsOf(ward.id)).toEqual([
      { kind: 'silence', journey: 'escort', journey_id: escortId, battery: 40 },
    ]);
    const event = await socket.waitFor((m) => m.type === 'journey.warning');
    expect(event).toMatchObject({
      user_id: ward.id,
      payload: {
        kind: 'silence',
        journey: 'escort',
        journey_id: escortId,
        last_signal_at: lastHeard.toISOString(),
        battery: 40,
        location: { latitude: 51.5, longitude: -0.12, battery_level: 40 },
      },
    });
    expect(pushesTo(guardian, browser)).toEqual([
      {
        title: JOURNEY_WARNING_TEXTS.silenceTitle('Sam Silent'),
        body: JOURNEY_WARNING_TEXTS.silenceBody('Sam Silent', formatTextTime(lastHeard, null), 'escort'),
        url: `/guardian/wards#ward-${ward.id}`,
        tag: `journey-warning-${escortId}-silence`,
      },
    ]);

    // Once per journey, and never a text to the contacts.
    sut.clock.advance(30 * MINUTE);
    await watch();
    expect(await warningsOf(ward.id)).toHaveLength(1);
    expect(pushesTo(guardian, browser)).toHaveLength(1);
    expect(await textsOf(sut, ward)).toEqual([]);
  });

  it('counts positions and heartbeats as signs of life, and stays quiet without a journey', async () => {
    const { ward } = await guardedWard('Hattie Heartbeat');
    expect((await heartbeat(ward, { battery: 50 })).json()).toEqual({ journeys: 0 });
    sut.clock.advance(20 * MINUTE);
    await watch();
    expect(await warningsOf(ward.id)).toEqual([]);

    await insertCheckInRow(sut, ward);
    for (let i = 0; i < 3; i++) {
      sut.clock.advance(8 * MINUTE);
      if (i % 2 === 0) expect((await heartbeat(ward, {})).json()).toEqual({ journeys: 1 });
      else await postLocation(sut, ward, { latitude: 51.5, longitude: -0.12 });
      await watch();
    }
    expect(await warningsOf(ward.id)).toEqual([]);
    sut.clock.advance(11 * MINUTE);
    await watch();
    expect(await warningsOf(ward.id)).toMatchObject([{ kind: 'silence', journey: 'checkin' }]);
  });

  it('hears a phone lying still: readings at the same place are signs of life and can warn of a dying battery', async () => {
    const { ward } = await guardedWard('Stella Still');
    const escortId = await insertEscortRow(sut, ward);
    const here = { latitude: 48.8566, longitude: 2.3522 };
    await postLocation(sut, ward, { ...here, battery: 40 });
    for (let i = 0; i < 3; i++) {
      sut.clock.advance(8 * MINUTE);
      // The same place again: no new point, but the phone is alive.
      expect(await postLocation(sut, ward, { ...here, battery: 30 - i })).toMatchObject({
        stored: 0,
        checked: 1,
      });
      await watch();
    }
    expect(await warningsOf(ward.id)).toEqual([]);

    await postLocation(sut, ward, { ...here, battery: 4 });
    expect(await warningsOf(ward.id)).toEqual([
      { kind: 'last_gasp', journey: 'escort', journey_id: escortId, battery: 4 },
    ]);
  });

  it('sends the last gasp once when a reading reports 5 % or less during a journey', async () => {
    const { ward, guardian, browser } = await guardedWard('Bea Battery');
    await postLocation(sut, ward, { latitude: 40.7, longitude: -74, battery: 3 });
    await sut.app.scheduler.runNow(WARNING_PUSH_JOB);
    expect(await warningsOf(ward.id)).toEqual([]); // no journey, no warning

    const escortId = await insertEscortRow(sut, ward);
    await postLocation(sut, ward, { latitude: 40.71, longitude: -74.01, battery: 6 });
    expect(await warningsOf(ward.id)).toEqual([]);
    await postLocation(sut, ward, { latitude: 40.72, longitude: -74.02, battery: 5 });
    await postLocation(sut, ward, { latitude: 40.73, longitude: -74.03, battery: 2 });
    expect((await heartbeat(ward, { battery: 1 })).statusCode).toBe(200);
    await sut.app.scheduler.runNow(WARNING_PUSH_JOB);

    expect(await warningsOf(ward.id)).toEqual([
      { kind: 'last_gasp', journey: 'escort', journey_id: escortId, battery: 5 },
    ]);
    const { rows } = await sut.db.query<{ location: { latitude: number } }>(
      "SELECT location FROM journey_warnings WHERE user_id = $1 AND kind = 'last_gasp'",
      [ward.id],
    );
    expect(rows[0]!.location.latitude).toBe(40.72);
    expect(pushesTo(guardian, browser)).toEqual([
      expect.objectContaining({
        title: JOURNEY_WARNING_TEXTS.lastGaspTitle('Bea Battery'),
        body: JOURNEY_WARNING_TEXTS.lastGaspBody('Bea Battery', 5),
      }),
    ]);
    expect(await textsOf(sut, ward)).toEqual([]);
  });

  it('never shows a position to guardians while the ward does not share it', async () => {
    const { ward } = await guardedWard('Pia Private');
    await postLocation(sut, ward, { latitude: 48.85, longitude: 2.35 });
    const off = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: ward.headers,
      payload: { location_sharing_enabled: false },
    });
    expect(off.statusCode).toBe(200);
    await insertEscortRow(sut, ward);
    sut.clock.advance(11 * MINUTE);
    await watch();
    const { rows } = await sut.db.query<{ location: unknown }>(
      'SELECT location FROM journey_warnings WHERE user_id = $1',
      [ward.id],
    );
    expect(rows).toEqual([{ location: null }]);
  });

  it('refuses a heartbeat without a session and a battery out of range', async () => {
    const ward = await createTestUser(sut, 'Rita Rules');
    expect(
      (await sut.app.inject({ method: 'POST', url: '/api/journeys/heartbeat', payload: {} })).statusCode,
    ).toBe(401);
    const bad = await heartbeat(ward, { battery: 140 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'battery',
      message: 'Battery level must be between 0 and 100',
    });
  });
});

describe('journey watch with two instances on one database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ JOURNEY_SILENCE_MINUTES: '10' });
    second = await createTestApp({ JOURNEY_SILENCE_MINUTES: '10' }, { db: first.db, clock: first.clock });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('warns once however many instances look at the same moment', async () => {
    const ward = await createTestUser(first, 'Twin Watch');
    await insertEscortRow(first, ward);
    first.clock.advance(11 * MINUTE);
    // Both instances run the watch's work at once (as two periodic runs would after a lease ran out).
    await Promise.all([
      first.app.scheduler.runNow(SILENCE_WATCH_JOB),
      second.app.scheduler.runNow(SILENCE_WATCH_JOB),
    ]);
    const { rows } = await first.db.query('SELECT 1 FROM journey_warnings WHERE user_id = $1', [ward.id]);
    expect(rows).toHaveLength(1);
  });
});
