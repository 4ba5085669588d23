import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEventOf, RealtimeServerMessage } from '#shared/schemas/realtime';
import { manualClock } from '../adapters/clock';
import type { Database } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser } from '../testing/test-users';
import {
  linkGuardian,
  openSocket,
  postLocation,
  settle,
  type TestSocket,
} from '../modules/guardians/guardian-test-helpers';

/**
 * Two instances on one database and one Redis: a socket on instance B receives an event published on A. Needs
 * Redis: skipped when REDIS_URL is unset outside CI; in CI (CI=true) it always runs and fails without Redis.
 */
const redisUrl = process.env.REDIS_URL;
const mustRun = process.env.CI === 'true';

describe.skipIf(!redisUrl && !mustRun)('realtime fan-out across instances (Redis)', () => {
  let db: Database;
  let a: TestApp;
  let b: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    if (!redisUrl) throw new Error('CI=true requires REDIS_URL for the Redis fan-out test');
    db = await openTestDatabase();
    const clock = manualClock(new Date());
    // A channel of this run only: parallel runs (and the two database projects) never cross.
    const env = { REDIS_URL: redisUrl, REDIS_CHANNEL_PREFIX: `beacon-test-${randomUUID()}` };
    a = await createTestApp(env, { db, clock });
    b = await createTestApp(env, { db, clock });
    await Promise.all([a.app.realtime.ready(), b.app.realtime.ready()]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it('delivers a position posted to instance A to the guardian’s socket on instance B, and to nobody else', async () => {
    const ward = await createTestUser(a, 'Fan Out');
    const guardian = await createTestUser(a);
    const stranger = await createTestUser(a);
    await linkGuardian(a, guardian, ward, 'active');

    const onB = await openSocket(b.app, { user: guardian });
    const strangerOnB = await openSocket(b.app, { user: stranger });
    const wardOnA = await openSocket(a.app, { user: ward });
    sockets.push(onB, strangerOnB, wardOnA);

    await postLocation(a, ward, { latitude: 52.52, longitude: 13.405 });
    const isLocation = (message: RealtimeServerMessage): message is RealtimeEventOf<'location.updated'> =>
      message.type === 'location.updated';
    const received = await onB.waitFor(isLocation);
    expect(received).toMatchObject({ user_id: ward.id, payload: { latitude: 52.52, longitude: 13.405 } });
    // Delivered once on each side, not twice (A does not take its own broadcast back).
    expect((await wardOnA.waitFor(isLocation)).id).toBe(received.id);
    await settle();
    expect(wardOnA.messages.filter(isLocation)).toHaveLength(1);
    expect(onB.messages.filter(isLocation)).toHaveLength(1);
    expect(strangerOnB.messages.filter(isLocation)).toEqual([]);
  });
});
