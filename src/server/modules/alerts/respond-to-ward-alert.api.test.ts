import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import type { AlertDetail, WardAlertListResponse } from '#shared/schemas/alert';
import type { RespondResult } from '#shared/schemas/alert-respond';
import type { RealtimeServerMessage } from '#shared/schemas/realtime';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { addContact, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian, openSocket } from '../guardians/guardian-test-helpers';
import { respondToWardAlert } from './alert-response-test-helpers';

/**
 * POST /api/wards/alerts/:id/respond: a ward's active guardian answers their alert ("I'm on my way", "I'm calling
 * them"); the person and their other guardians see who is coming.
 */
describe('a guardian answers a ward’s alert', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  const wardWithContact = async (name: string): Promise<TestUser> => {
    const ward = await createTestUser(sut, name);
    await addContact(sut, ward, '+447400123456', 'Mum');
    return ward;
  };
  const raise = async (ward: TestUser): Promise<string> => {
    const res = await raiseAlert(sut, ward);
    expect(res.statusCode).toBe(201);
    return res.json<AlertDetail>().alert.id;
  };
  const ownView = async (ward: TestUser, alertId: string): Promise<AlertDetail> => {
    const res = await sut.app.inject({ method: 'GET', url: `/api/alerts/${alertId}`, headers: ward.headers });
    expect(res.statusCode).toBe(200);
    return res.json<AlertDetail>();
  };
  const wardAlerts = async (guardian: TestUser) => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/wards/alerts', headers: guardian.headers });
    expect(res.statusCode).toBe(200);
    return res.json<WardAlertListResponse>().alerts;
  };
  const isProgress = (message: RealtimeServerMessage) => message.type === 'alert.progress';

  it('stores the answer, acknowledges the alert, and the person reads who is coming and the timeline', async () => {
    const ward = await wardWithContact('Alex Ward');
    const guardian = await createTestUser(sut, 'Maria Guardian');
    await linkGuardian(sut, guardian, ward);
    const alertId = await raise(ward);
    sut.clock.advance(30_000);
    const answeredAt = sut.clock.now().toISOString();

    const res = await respondToWardAlert(sut, guardian, alertId, 'on_my_way');
    expect(res.statusCode).toBe(200);
    const result = res.json<RespondResult>();
    expect(result).toMatchObject({
      alert_id: alertId,
      state: 'acknowledged',
      changed: true,
      my_response: 'on_my_way',
      entry: { kind: 'responded', actor_name: 'Maria Guardian', response: 'on_my_way', at: answeredAt },
      responses: [
        {
          responder_kind: 'guardian',
          responder_name: 'Maria Guardian',
          response: 'on_my_way',
          responded_at: answeredAt,
        },
      ],
    });

    const detail = await ownView(ward, alertId);
    expect(detail.alert).toMatchObject({
      state: 'acknowledged',
      acknowledged_at: answeredAt,
      status: 'active',
    });
    expect(detail.responses).toEqual(result.responses);
    expect(detail.timeline.map((entry) => [entry.kind, entry.actor_name, entry.response])).toEqual([
      ['raised', null, null],
      ['responded', 'Maria Guardian', 'on_my_way'],
    ]);
    expect(ALERT_LIFE_TEXTS.responseLine.on_my_way(detail.responses[0]!.responder_name)).toBe(
      'Maria Guardian is on the way',
    );
    // The guardian's own answer comes back with their ward alerts (another device, a reload).
    expect((await wardAlerts(guardian))[0]).toMatchObject({
      alert: { id: alertId },
      my_response: 'on_my_way',
    });
  });

  it('a changed answer replaces the earlier one; the same answer again changes nothing and tells nobody', async () => {
    const ward = await wardWithContact('Blake Ward');
    const guardian = await createTestUser(sut, 'Gina Guardian');
    await linkGuardian(sut, guardian, ward);
    const alertId = await raise(ward);
    expect((await respondToWardAlert(sut, guardian, alertId, 'on_my_way')).statusCode).toBe(200);
    const firstAt = sut.clock.now().toISOString();

    sut.clock.advance(60_000);
    const changedAt = sut.clock.now().toISOString();
    const changed = (await respondToWardAlert(sut, guardian, alertId, 'calling')).json<RespondResult>();
    expect(changed).toMatchObject({
      changed: true,
      my_response: 'calling',
      entry: { kind: 'responded', response: 'calling', at: changedAt },
    });
    expect(changed.responses).toHaveLength(1);
    expect(changed.responses[0]).toMatchObject({ response: 'calling', responded_at: changedAt });

    // The change's own event may still be on its way to sockets: let it go first, or the socket opened now gets it.
    await sut.app.idle();
    const wardSocket = await openSocket(sut.app, { user: ward });
    sut.clock.advance(60_000);
    const again = await respondToWardAlert(sut, guardian, alertId, 'calling');
    expect(again.statusCode).toBe(200);
    expect(again.json<RespondResult>()).toEqual({ ...changed, changed: false });
    await sut.app.idle();
    await wardSocket.roundTrip();
    expect(wardSocket.events().filter(isProgress)).toEqual([]);
    wardSocket.close();

    const detail = await ownView(ward, alertId);
    expect(detail.alert.acknowledged_at).toBe(firstAt);
    expect(
      detail.timeline.filter((entry) => entry.kind === 'responded').map((entry) => entry.response),
    ).toEqual(['on_my_way', 'calling']);
  });

  it('tells the person and their other active guardians, live, and nobody else', async () => {
    const ward = await wardWithContact('Casey Ward');
    const guardian = await createTestUser(sut, 'Rita Responder');
    const other = await createTestUser(sut, 'Olga Otherguardian');
    const stranger = await createTestUser(sut, 'Sid Stranger');
    const pending = await createTestUser(sut, 'Penny Pending');
    await linkGuardian(sut, guardian, ward);
    await linkGuardian(sut, other, ward);
    await linkGuardian(sut, pending, ward, 'pending');
    const alertId = await raise(ward);
    // Only the answer's events from here on: the raise's are sent before the sockets open.
    await sut.app.idle();
    const sockets = {
      ward: await openSocket(sut.app, { user: ward }),
      other: await openSocket(sut.app, { user: other }),
      stranger: await openSocket(sut.app, { user: stranger }),
      pending: await openSocket(sut.app, { user: pending }),
    };

    expect((await respondToWardAlert(sut, guardian, alertId, 'on_my_way')).statusCode).toBe(200);
    for (const socket of [sockets.ward, sockets.other]) {
      expect(await socket.waitFor(isProgress)).toMatchObject({
        type: 'alert.progress',
        user_id: ward.id,
        payload: {
          alert_id: alertId,
          state: 'acknowledged',
          entry: { kind: 'responded', actor_name: 'Rita Responder', response: 'on_my_way' },
          responses: [{ responder_name: 'Rita Responder', response: 'on_my_way' }],
        },
      });
    }
    await sut.app.idle();
    for (const socket of [sockets.stranger, sockets.pending]) {
      await socket.roundTrip();
      expect(socket.events().filter(isProgress)).toEqual([]);
    }
    // Every guardian sees who has answered in their ward alerts.
    expect((await wardAlerts(other))[0]).toMatchObject({
      responses: [{ responder_name: 'Rita Responder', response: 'on_my_way' }],
      my_response: null,
    });
    for (const socket of Object.values(sockets)) socket.close();
  });

  it('the answering guardian’s other devices hear, live, that it was their answer; nobody else does', async () => {
    const ward = await wardWithContact('Eli Ward');
    const guardian = await createTestUser(sut, 'Gus Guardian');
    const other = await createTestUser(sut, 'Ola Other');
    await linkGuardian(sut, guardian, ward);
    await linkGuardian(sut, other, ward);
    const alertId = await raise(ward);
    const isAnswered = (message: RealtimeServerMessage) => message.type === 'alert.answered';
    const sockets = {
      secondDevice: await openSocket(sut.app, { user: guardian }),
      thirdDevice: await openSocket(sut.app, { user: guardian }),
      ward: await openSocket(sut.app, { user: ward }),
      other: await openSocket(sut.app, { user: other }),
    };

    expect((await respondToWardAlert(sut, guardian, alertId, 'calling')).statusCode).toBe(200);
    for (const socket of [sockets.secondDevice, sockets.thirdDevice]) {
      expect(await socket.waitFor(isAnswered)).toMatchObject({
        type: 'alert.answered',
        user_id: guardian.id,
        payload: {
          alert_id: alertId,
          my_response: 'calling',
          state: 'acknowledged',
          responses: [{ responder_name: 'Gus Guardian', response: 'calling' }],
        },
      });
    }
    await sut.app.idle();
    for (const socket of [sockets.ward, sockets.other]) {
      await socket.roundTrip();
      expect(socket.events().filter(isAnswered)).toEqual([]);
    }

    // The same answer again changes nothing and tells no device.
    expect((await respondToWardAlert(sut, guardian, alertId, 'calling')).statusCode).toBe(200);
    await sut.app.idle();
    await sockets.secondDevice.roundTrip();
    expect(sockets.secondDevice.events().filter(isAnswered)).toHaveLength(1);

    for (const socket of Object.values(sockets)) socket.close();

    // A device that was offline meanwhile hears of it when it reconnects (catch-up).
    const reconnected = await openSocket(sut.app, { user: guardian, query: 'since=0' });
    expect(await reconnected.waitFor(isAnswered)).toMatchObject({ payload: { my_response: 'calling' } });
    reconnected.close();
  });

  it('answers 404 to everyone but an active guardian of the alert’s owner, and stores nothing', async () => {
    const ward = await wardWithContact('Dana Ward');
    const stranger = await createTestUser(sut, 'Sam Stranger');
    const pending = await createTestUser(sut, 'Pat Pending');
    const rejected = await createTestUser(sut, 'Rex Rejected');
    const ended = await createTestUser(sut, 'Eve Ended');
    const late = await createTestUser(sut, 'Lou Latecomer');
    await linkGuardian(sut, pending, ward, 'pending');
    await linkGuardian(sut, rejected, ward, 'rejected');
    const endedLink = await linkGuardian(sut, ended, ward);
    const alertId = await raise(ward);
    await endRelationship(sut, ended, endedLink.id);
    sut.clock.advance(1_000);
    // Approved only after the alert was raised: it is not theirs to see.
    await linkGuardian(sut, late, ward);

    for (const caller of [ward, stranger, pending, rejected, ended, late]) {
      const res = await respondToWardAlert(sut, caller, alertId, 'on_my_way');
      expect(res.statusCode, caller.email).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    const missing = await respondToWardAlert(sut, late, '00000000-0000-4000-8000-000000000000', 'calling');
    expect(missing.statusCode).toBe(404);
    const anonymous = await respondToWardAlert(sut, null, alertId, 'on_my_way');
    expect(anonymous.statusCode).toBe(401);

    const detail = await ownView(ward, alertId);
    expect(detail.responses).toEqual([]);
    expect(detail.alert).toMatchObject({ state: 'raised', acknowledged_at: null });
  });

  it('refuses an answer it does not know with 400 naming the field', async () => {
    const ward = await wardWithContact('Eli Ward');
    const guardian = await createTestUser(sut, 'Vic Validator');
    await linkGuardian(sut, guardian, ward);
    const alertId = await raise(ward);
    for (const response of ['acknowledged', 'coming', '']) {
      const res = await respondToWardAlert(sut, guardian, alertId, response);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        field: 'response',
        message: ALERT_LIFE_TEXTS.invalidResponse,
      });
    }
    expect((await ownView(ward, alertId)).responses).toEqual([]);
  });

  it('answers 409 once the person said they are safe, and stores nothing', async () => {
    const ward = await wardWithContact('Fran Ward');
    const guardian = await createTestUser(sut, 'Hal Helper');
    await linkGuardian(sut, guardian, ward);
    const alertId = await raise(ward);
    await resolveAlert(sut, ward, alertId);

    const res = await respondToWardAlert(sut, guardian, alertId, 'on_my_way');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', message: ALERT_RESPONSE_TEXTS.alertEnded });
    const detail = await ownView(ward, alertId);
    expect(detail.responses).toEqual([]);
    expect(detail.alert.state).toBe('resolved');
  });

  it('answers 409 for an answer repeated after the end too (not the earlier 200)', async () => {
    const ward = await wardWithContact('Gale Ward');
    const guardian = await createTestUser(sut, 'Ivy Insistent');
    await linkGuardian(sut, guardian, ward);
    const alertId = await raise(ward);
    expect((await respondToWardAlert(sut, guardian, alertId, 'calling')).statusCode).toBe(200);
    await resolveAlert(sut, ward, alertId);
    expect((await respondToWardAlert(sut, guardian, alertId, 'calling')).statusCode).toBe(409);
    expect((await respondToWardAlert(sut, guardian, alertId, 'on_my_way')).statusCode).toBe(409);
    expect((await ownView(ward, alertId)).responses.map((r) => r.response)).toEqual(['calling']);
  });
});
