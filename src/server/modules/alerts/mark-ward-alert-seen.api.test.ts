import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertAcknowledgement, AlertDetail, WardAlertListResponse } from '#shared/schemas/alert';
import { ERRORS } from '#shared/texts';
import { REQUEST_DECLINED_TEXTS } from '#shared/ward-banner-texts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian, openSocket } from '../guardians/guardian-test-helpers';

/**
 * POST /api/wards/alerts/:id/seen ("Seen" on a ward's alert, stored per guardian) and what GET /api/wards/alerts
 * answers about it: `seen_at` for the caller only, and the alert's `status` once the ward says "I'm safe".
 */
describe('ward alert acknowledgements API', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const wardWithContact = async (name: string): Promise<TestUser> => {
    const ward = await createTestUser(sut, name);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: ward.headers,
      payload: { name: 'Mum', phone: '+447400123456' },
    });
    expect(res.statusCode).toBe(201);
    return ward;
  };
  const raise = async (user: TestUser): Promise<AlertDetail> => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual', location: { latitude: 51.5, longitude: -0.12 } },
    });
    expect(res.statusCode).toBe(201);
    return res.json<AlertDetail>();
  };
  const markSeen = (user: TestUser | null, alertId: string) =>
    sut.app.inject({
      method: 'POST',
      url: `/api/wards/alerts/${alertId}/seen`,
      headers: user?.headers ?? {},
    });
  const wardAlerts = async (user: TestUser): Promise<WardAlertListResponse['alerts']> => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/alerts', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json<WardAlertListResponse>().alerts;
  };

  it('answers 401 without a session', async () => {
    const res = await markSeen(null, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: ERRORS.notAuthenticated });
  });

  it("stores a guardian's Seen once, answers it in their ward alerts only, and tells only their devices", async () => {
    const guardian = await createTestUser(sut, 'Gina Guardian');
    const other = await createTestUser(sut, 'Olga Otherguardian');
    const ward = await wardWithContact('Alex Ward');
    await linkGuardian(sut, guardian, ward);
    await linkGuardian(sut, other, ward);
    const alert = await raise(ward);
    expect((await wardAlerts(guardian))[0]).toMatchObject({ seen_at: null, alert: { status: 'active' } });

    const guardianSocket = await openSocket(sut.app, { user: guardian });
    const otherSocket = await openSocket(sut.app, { user: other });
    const wardSocket = await openSocket(sut.app, { user: ward });
    const seenAt = sut.clock.now().toISOString();
    const res = await markSeen(guardian, alert.alert.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<AlertAcknowledgement>()).toEqual({
      alert_id: alert.alert.id,
      ward_id: ward.id,
      seen_at: seenAt,
    });
    expect(await guardianSocket.waitFor((m) => m.type === 'alert.seen')).toMatchObject({
      user_id: guardian.id,
      payload: { alert_id: alert.alert.id, ward_id: ward.id, seen_at: seenAt },
    });

    // Again later: the first time counts, and nothing new is announced.
    sut.clock.advance(60_000);
    const again = await markSeen(guardian, alert.alert.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<AlertAcknowledgement>().seen_at).toBe(seenAt);

    expect((await wardAlerts(guardian))[0]).toMatchObject({ alert: { id: alert.alert.id }, seen_at: seenAt });
    expect((await wardAlerts(other))[0]).toMatchObject({ alert: { id: alert.alert.id }, seen_at: null });
    // Every event published so far has been stored and delivered, and each socket has read all it was sent.
    await sut.app.idle();
    for (const socket of [guardianSocket, otherSocket, wardSocket]) await socket.roundTrip();
    expect(guardianSocket.events().filter((event) => event.type === 'alert.seen')).toHaveLength(1);
    expect(otherSocket.events().some((event) => event.type === 'alert.seen')).toBe(false);
    expect(wardSocket.events().some((event) => event.type === 'alert.seen')).toBe(false);
    for (const socket of [guardianSocket, otherSocket, wardSocket]) socket.close();
  });

  it("answers an alert's end as status resolved with resolved_at, keeping the guardian's Seen", async () => {
    const guardian = await createTestUser(sut, 'Rita Guardian');
    const ward = await wardWithContact('Sam Ward');
    await linkGuardian(sut, guardian, ward);
    const alert = await raise(ward);
    expect((await markSeen(guardian, alert.alert.id)).statusCode).toBe(200);
    sut.clock.advance(5_000);
    const resolvedAt = sut.clock.now().toISOString();
    const resolve = await sut.app.inject({
      method: 'POST',
      url: `/api/alerts/${alert.alert.id}/resolve`,
      headers: ward.headers,
    });
    expect(resolve.statusCode).toBe(200);
    const [entry] = await wardAlerts(guardian);
    expect(entry).toMatchObject({
      alert: { id: alert.alert.id, status: 'resolved', resolved_at: resolvedAt },
      seen_at: expect.any(String),
    });
  });

  it('answers 404 to anyone who does not actively guard the owner, and for unknown ids', async () => {
    const guardian = await createTestUser(sut, 'Pat Guardian');
    const stranger = await createTestUser(sut, 'Sid Stranger');
    const pending = await createTestUser(sut, 'Penny Pending');
    const rejected = await createTestUser(sut, 'Rick Rejected');
    const ward = await wardWithContact('Wendy Ward');
    const link = await linkGuardian(sut, guardian, ward);
    await linkGuardian(sut, pending, ward, 'pending');
    await linkGuardian(sut, rejected, ward, 'rejected');
    const alert = await raise(ward);

    for (const user of [stranger, pending, rejected, ward]) {
      const res = await markSeen(user, alert.alert.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: ERRORS.notFound });
    }
    const unknown = await markSeen(guardian, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const bad = await markSeen(guardian, 'not-an-id');
    expect(bad.statusCode).toBe(404);

    await endRelationship(sut, ward, link.id);
    expect((await markSeen(guardian, alert.alert.id)).statusCode).toBe(404);
    const { rows } = await sut.db.query('SELECT 1 FROM alert_acknowledgements WHERE alert_id = $1', [
      alert.alert.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an alert raised before the link began', async () => {
    const guardian = await createTestUser(sut, 'Late Guardian');
    const ward = await wardWithContact('Early Ward');
    const before = await raise(ward);
    sut.clock.advance(1000);
    await linkGuardian(sut, guardian, ward);
    expect((await markSeen(guardian, before.alert.id)).statusCode).toBe(404);
  });

  it('tells the ward when their guardian declines the request', async () => {
    const guardian = await createTestUser(sut, 'Dana Decliner');
    const ward = await createTestUser(sut, 'Hopeful Ward');
    const wardSocket = await openSocket(sut.app, { user: ward });
    await linkGuardian(sut, guardian, ward, 'rejected');
    expect(
      await wardSocket.waitFor(
        (m) => m.type === 'notification' && m.payload.title === REQUEST_DECLINED_TEXTS.title,
      ),
    ).toMatchObject({
      payload: { type: 'warning', message: REQUEST_DECLINED_TEXTS.message('Dana Decliner') },
    });
    wardSocket.close();
  });
});
