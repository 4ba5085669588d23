import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CHANNEL } from '#shared/constants';
import { GUARDIAN_TEXTS } from '#shared/guardian-request-texts';
import type { RealtimeEventOf, RealtimeServerMessage } from '#shared/schemas/realtime';
import { ERRORS } from '#shared/texts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestUser } from '../testing/test-users';
import {
  endRelationship,
  linkGuardian,
  openSocket,
  postLocation,
  type TestSocket,
} from '../modules/guardians/guardian-test-helpers';

const isLocation = (message: RealtimeServerMessage): message is RealtimeEventOf<'location.updated'> =>
  message.type === 'location.updated';
const locationsIn = (socket: TestSocket): Array<RealtimeEventOf<'location.updated'>> =>
  socket.messages.filter(isLocation);

describe('realtime hub (GET /api/realtime)', () => {
  let sut: TestApp;
  const sockets: TestSocket[] = [];
  const open = async (...args: Parameters<typeof openSocket>): Promise<TestSocket> => {
    const socket = await openSocket(...args);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await sut?.close();
  });

  it('closes an unauthenticated socket with 4401', async () => {
    const noToken = await open(sut.app);
    noToken.send({ type: 'ping' });
    expect(await noToken.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);

    const badToken = await open(sut.app, { query: 'access_token=forged' });
    expect(await badToken.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);

    const badMessage = await open(sut.app);
    badMessage.send({ type: 'auth', token: 'forged' });
    expect(await badMessage.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);

    const notJson = await open(sut.app);
    notJson.send('hello');
    expect(await notJson.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);

    // A session revoked after the token was issued (sign-out) no longer opens a socket.
    const user = await createTestUser(sut);
    await sut.db.query('UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1', [user.id]);
    const revoked = await open(sut.app, { user, waitForReady: false });
    expect(await revoked.closed).toBe(REALTIME_CHANNEL.closeCodes.unauthenticated);
  });

  it('answers a plain GET (no upgrade) with the usual 404', async () => {
    const res = await sut.app.inject({ method: 'GET', url: REALTIME_CHANNEL.path });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: ERRORS.notFound });
  });

  it('authenticates by URL token or by a first auth message, and answers ping', async () => {
    const user = await createTestUser(sut);
    const byUrl = await open(sut.app, { user });
    expect(byUrl.messages[0]).toMatchObject({ type: 'ready', user_id: user.id });

    const byMessage = await open(sut.app);
    byMessage.send({ type: 'auth', token: user.token });
    await byMessage.waitFor((message) => message.type === 'ready');
    byMessage.send({ type: 'ping' });
    await byMessage.waitFor((message) => message.type === 'pong');
    byMessage.send({ type: 'nonsense' });
    expect(await byMessage.waitFor((message) => message.type === 'error')).toMatchObject({ type: 'error' });

    const badSince = await open(sut.app, {
      query: `access_token=${user.token}&since=-1`,
      waitForReady: false,
    });
    expect(await badSince.closed).toBe(REALTIME_CHANNEL.closeCodes.badRequest);
  });

  it('sends a ward’s position to the ward and their active guardians only — nobody else', async () => {
    const ward = await createTestUser(sut, 'Wanda Ward');
    const guardian = await createTestUser(sut);
    const pending = await createTestUser(sut);
    const rejected = await createTestUser(sut);
    const former = await createTestUser(sut);
    const stranger = await createTestUser(sut);
    await linkGuardian(sut, guardian, ward, 'active');
    await linkGuardian(sut, pending, ward, 'pending');
    await linkGuardian(sut, rejected, ward, 'rejected');
    const ended = await linkGuardian(sut, former, ward, 'active');
    await endRelationship(sut, former, ended.id);

    const wardSocket = await open(sut.app, { user: ward });
    const guardianSockets = [
      await open(sut.app, { user: guardian }),
      await open(sut.app, { user: guardian }),
    ];
    const others = await Promise.all(
      [pending, rejected, former, stranger].map((user) => open(sut.app, { user })),
    );

    await postLocation(sut, ward, { latitude: 40.7128, longitude: -74.006, battery: 64 });
    const own = await wardSocket.waitFor(isLocation);
    expect(own).toMatchObject({
      type: 'location.updated',
      user_id: ward.id,
      payload: { user_id: ward.id, latitude: 40.7128, longitude: -74.006, battery_level: 64 },
    });
    expect(typeof own.id).toBe('number');
    for (const socket of guardianSockets) expect((await socket.waitFor(isLocation)).id).toBe(own.id);

    // The position went to every socket it was for in the step that sent the ward's: a round trip after it shows
    // what the others were sent.
    for (const socket of others) await socket.roundTrip();
    for (const socket of others) expect(locationsIn(socket)).toEqual([]);
  });

  it('stops at once when the link ends: a guardian removed a moment ago receives nothing', async () => {
    const ward = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    const link = await linkGuardian(sut, guardian, ward, 'active');
    const wardSocket = await open(sut.app, { user: ward });
    const guardianSocket = await open(sut.app, { user: guardian });

    await postLocation(sut, ward, { latitude: 1, longitude: 1 });
    await guardianSocket.waitFor(isLocation);

    await endRelationship(sut, ward, link.id);
    const ended = await guardianSocket.waitFor(
      (message) => message.type === 'relationship.updated' && message.payload.status === 'ended',
    );
    expect(ended).toMatchObject({ payload: { id: link.id, role: 'guardian' } });

    await postLocation(sut, ward, { latitude: 2, longitude: 2 });
    await wardSocket.waitFor((message) => isLocation(message) && message.payload.latitude === 2);
    await guardianSocket.roundTrip();
    expect(locationsIn(guardianSocket).map((event) => event.payload.latitude)).toEqual([1]);
  });

  it('tells each party of relationship changes, with notifications, and nobody else', async () => {
    const guardian = await createTestUser(sut, 'Gus Guardian');
    const ward = await createTestUser(sut, 'Wes Ward');
    const stranger = await createTestUser(sut);
    const guardianSocket = await open(sut.app, { user: guardian });
    const wardSocket = await open(sut.app, { user: ward });
    const strangerSocket = await open(sut.app, { user: stranger });

    const pending = await linkGuardian(sut, guardian, ward, 'pending');
    expect(
      await guardianSocket.waitFor(
        (m) => m.type === 'relationship.updated' && m.payload.status === 'pending',
      ),
    ).toMatchObject({ user_id: guardian.id, payload: { id: pending.id, role: 'guardian' } });
    expect(await guardianSocket.waitFor((m) => m.type === 'notification')).toMatchObject({
      payload: {
        type: 'info',
        title: GUARDIAN_TEXTS.newRequestTitle,
        message: GUARDIAN_TEXTS.requestReceived('Wes Ward'),
      },
    });
    await wardSocket.waitFor((m) => m.type === 'relationship.updated' && m.payload.role === 'ward');

    await sut.app.inject({
      method: 'PATCH',
      url: `/api/guardian-relationships/${pending.id}`,
      headers: guardian.headers,
      payload: { status: 'active' },
    });
    await wardSocket.waitFor((m) => m.type === 'relationship.updated' && m.payload.status === 'active');
    expect(await wardSocket.waitFor((m) => m.type === 'notification')).toMatchObject({
      payload: { type: 'success', message: GUARDIAN_TEXTS.requestApproved('Gus Guardian') },
    });
    // Every event published so far has been stored and delivered; the stranger's socket has read all it was sent.
    await sut.app.idle();
    await strangerSocket.roundTrip();
    expect(strangerSocket.messages.map((message) => message.type)).toEqual(['ready', 'pong']);
  });

  it('replays what a client missed (?since= or a resume message), only what it may see', async () => {
    const ward = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    const lateGuardian = await createTestUser(sut);
    await linkGuardian(sut, guardian, ward, 'active');

    const first = await open(sut.app, { user: guardian });
    const ready = first.messages[0];
    if (ready?.type !== 'ready') throw new Error('expected ready first');
    first.close();

    await postLocation(sut, ward, { latitude: 10, longitude: 10 });
    await postLocation(sut, ward, { latitude: 11, longitude: 11 });
    // Approved after those two: this guardian must not see positions from before.
    sut.clock.advance(1000);
    await linkGuardian(sut, lateGuardian, ward, 'active');
    await postLocation(sut, ward, { latitude: 12, longitude: 12 });
    // Publishing returns before the event is stored: a catch-up replays what is stored when it asks.
    await sut.app.idle();

    const back = await open(sut.app, { user: guardian, query: `since=${ready.last_event_id}` });
    const resumed = await back.waitFor((message) => message.type === 'resumed');
    expect(resumed).toMatchObject({ truncated: false });
    expect(locationsIn(back).map((event) => event.payload.latitude)).toEqual([10, 11, 12]);
    // Replayed events arrive in order, before `resumed`.
    const ids = back.events().map((event) => event.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(back.messages.findIndex((m) => m.type === 'resumed')).toBe(back.messages.length - 1);

    const late = await open(sut.app, { user: lateGuardian });
    late.send({ type: 'resume', since: ready.last_event_id });
    await late.waitFor((message) => message.type === 'resumed');
    expect(locationsIn(late).map((event) => event.payload.latitude)).toEqual([12]);
    // Its own relationship events are its own to see.
    expect(late.events().some((event) => event.type === 'relationship.updated')).toBe(true);
  });

  it('replays nothing of a ward to a guardian whose link has ended', async () => {
    const ward = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    const link = await linkGuardian(sut, guardian, ward, 'active');
    const socket = await open(sut.app, { user: guardian });
    const ready = socket.messages[0];
    if (ready?.type !== 'ready') throw new Error('expected ready first');
    socket.close();
    await postLocation(sut, ward, { latitude: 5, longitude: 5 });
    await endRelationship(sut, ward, link.id);

    const back = await open(sut.app, { user: guardian, query: `since=${ready.last_event_id}` });
    await back.waitFor((message) => message.type === 'resumed');
    expect(locationsIn(back)).toEqual([]);
  });

  it('lets other modules publish through app.realtime', async () => {
    const ward = await createTestUser(sut);
    const guardian = await createTestUser(sut);
    await linkGuardian(sut, guardian, ward, 'active');
    const socket = await open(sut.app, { user: guardian });
    const warning = {
      kind: 'silence' as const,
      journey: 'escort' as const,
      journey_id: '00000000-0000-4000-8000-00000000e5c0',
      user_id: ward.id,
      last_signal_at: '2026-01-01T12:00:00.000Z',
      battery: 40,
      location: null,
      created_at: '2026-01-01T12:10:00.000Z',
    };
    const event = await sut.app.realtime.publish({
      type: 'journey.warning',
      userId: ward.id,
      payload: warning,
    });
    expect(event).toMatchObject({ type: 'journey.warning', user_id: ward.id });
    expect(await socket.waitFor((m) => m.type === 'journey.warning')).toMatchObject({
      id: event?.id,
      payload: warning,
    });
  });

  it('counts an event whose payload is still being read as under way: the app is idle only once it is stored', async () => {
    const ward = await createTestUser(sut);
    const stored = async () =>
      (
        await sut.db.query('SELECT 1 FROM realtime_events WHERE user_id = $1 AND type = $2', [
          ward.id,
          'journey.warning',
        ])
      ).rows.length;
    let finishReading!: () => void;
    const read = new Promise<void>((resolve) => (finishReading = resolve));
    sut.app.realtime.publishOnceRead(
      read.then(() => ({
        type: 'journey.warning' as const,
        userId: ward.id,
        payload: {
          kind: 'silence' as const,
          journey: 'escort' as const,
          journey_id: '00000000-0000-4000-8000-00000000e5c1',
          user_id: ward.id,
          last_signal_at: '2026-01-01T12:00:00.000Z',
          battery: 40,
          location: null,
          created_at: '2026-01-01T12:10:00.000Z',
        },
      })),
    );
    let idle = false;
    const settled = sut.app.idle().then(() => (idle = true));
    // However long the read takes, the app does not call itself idle before it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(false);
    finishReading();
    await settled;
    expect(await stored()).toBe(1);
  });
});
