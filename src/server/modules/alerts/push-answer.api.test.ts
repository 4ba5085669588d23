import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIFE_TEXTS } from '#shared/alert-life-texts';
import { ALERT_PUSH_ACTION_TEXTS, ALERT_RESPONSE_TEXTS } from '#shared/alert-response-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { RespondResult } from '#shared/schemas/alert-respond';
import { PushPayloadSchema, type PushPayload } from '#shared/schemas/push';
import { decryptPush } from '../../testing/fake-push-service';
import { addContact, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import { createTestAppWithPush, subscribeBrowser, type TestAppWithPush } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { endRelationship, linkGuardian } from '../guardians/guardian-test-helpers';
import { pushAnswerToken, respondWithPushToken } from './alert-response-test-helpers';
import { DELIVERY_JOB } from './delivery-job';

/**
 * The alert push's answer buttons: each guardian's push carries a token of their own, and the service worker, which
 * has no session, answers with it through POST /api/alert-responses/push.
 */
describe('answering a ward’s alert from its push notification', () => {
  let sut: TestAppWithPush;
  beforeAll(async () => {
    sut = await createTestAppWithPush();
  });
  afterAll(() => sut?.close());

  /** A guardian whose browser is subscribed at `/<path>` of the fake push service. */
  const subscribedGuardian = async (name: string, ward: TestUser, path: string) => {
    const guardian = await createTestUser(sut, name);
    const link = await linkGuardian(sut, guardian, ward);
    const browser = await subscribeBrowser(sut, guardian, path);
    return { guardian, link, browser, path };
  };
  /** What the browser at `path` was pushed, decrypted and parsed as the service worker reads it. */
  const pushedTo = (subscribed: Awaited<ReturnType<typeof subscribedGuardian>>): PushPayload[] =>
    sut.push.received
      .filter((received) => received.path === subscribed.path)
      .map((received) => PushPayloadSchema.parse(JSON.parse(decryptPush(received.body, subscribed.browser))));
  const raise = async (ward: TestUser): Promise<string> => {
    const res = await raiseAlert(sut, ward);
    expect(res.statusCode).toBe(201);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    return res.json<AlertDetail>().alert.id;
  };
  const ownView = async (ward: TestUser, alertId: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${alertId}`, headers: ward.headers })).json();
  const wardWithContact = async (name: string) => {
    const ward = await createTestUser(sut, name);
    await addContact(sut, ward, '+447400123456', 'Mum');
    return ward;
  };

  it('each guardian’s push has both buttons and a token of their own, which answers the alert as them', async () => {
    const ward = await wardWithContact('Alex Ward');
    const maria = await subscribedGuardian('Maria Guardian', ward, '/maria');
    const omar = await subscribedGuardian('Omar Guardian', ward, '/omar');
    const alertId = await raise(ward);

    const [mariaPush] = pushedTo(maria);
    const [omarPush] = pushedTo(omar);
    expect(mariaPush?.respond).toMatchObject({
      actions: [
        { action: 'on_my_way', title: ALERT_LIFE_TEXTS.responseButtons.on_my_way },
        { action: 'calling', title: ALERT_LIFE_TEXTS.responseButtons.calling },
      ],
      answered: { on_my_way: ALERT_PUSH_ACTION_TEXTS.answered('on_my_way') },
      failed: ALERT_PUSH_ACTION_TEXTS.failed,
    });
    expect(mariaPush!.respond!.token).not.toBe(omarPush!.respond!.token);
    // Nothing in what the person or a guardian reads back carries a token.
    const detail = await ownView(ward, alertId);
    expect(JSON.stringify(detail)).not.toContain(mariaPush!.respond!.token);

    const res = await respondWithPushToken(sut, mariaPush!.respond!.token, 'on_my_way');
    expect(res.statusCode).toBe(200);
    expect(res.json<RespondResult>()).toMatchObject({
      alert_id: alertId,
      state: 'acknowledged',
      changed: true,
      my_response: 'on_my_way',
      responses: [{ responder_kind: 'guardian', responder_name: 'Maria Guardian', response: 'on_my_way' }],
    });
    const again = await respondWithPushToken(sut, mariaPush!.respond!.token, 'on_my_way');
    expect(again.json<RespondResult>().changed).toBe(false);
    expect((await ownView(ward, alertId)).responses.map((r) => r.responder_name)).toEqual(['Maria Guardian']);
  });

  it('a forged or altered token acknowledges nothing', async () => {
    const ward = await wardWithContact('Blake Ward');
    const gina = await subscribedGuardian('Gina Guardian', ward, '/gina');
    const alertId = await raise(ward);
    const token = pushedTo(gina)[0]!.respond!.token;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const flippedId = token.replace(/^bar1_(.)/, (_m, c: string) => `bar1_${c === 'a' ? 'b' : 'a'}`);
    const otherKey = token.slice(0, 69) + 'x'.repeat(43);

    for (const forged of [token.slice(0, -1) + last, flippedId, otherKey]) {
      const res = await respondWithPushToken(sut, forged, 'on_my_way');
      expect(res.statusCode, forged).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    for (const malformed of ['', 'bar1_', token.slice(0, -1), `${token}x`, token.toUpperCase()]) {
      const res = await respondWithPushToken(sut, malformed, 'on_my_way');
      expect(res.statusCode, malformed).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'token' });
    }
    const detail = await ownView(ward, alertId);
    expect(detail.responses).toEqual([]);
    expect(detail.alert).toMatchObject({ state: 'raised', acknowledged_at: null });
  });

  it('a token made for someone who is not the ward’s active guardian answers nothing', async () => {
    const ward = await wardWithContact('Casey Ward');
    const stranger = await createTestUser(sut, 'Sid Stranger');
    const alertId = await raise(ward);
    for (const who of [stranger.id, ward.id]) {
      const res = await respondWithPushToken(sut, await pushAnswerToken(sut, alertId, who), 'calling');
      expect(res.statusCode).toBe(404);
    }
    expect((await ownView(ward, alertId)).responses).toEqual([]);
  });

  it('stops working once the alert has ended (409)', async () => {
    const ward = await wardWithContact('Dana Ward');
    const hal = await subscribedGuardian('Hal Guardian', ward, '/hal');
    const alertId = await raise(ward);
    const token = pushedTo(hal)[0]!.respond!.token;
    await resolveAlert(sut, ward, alertId);

    const res = await respondWithPushToken(sut, token, 'on_my_way');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'conflict', message: ALERT_RESPONSE_TEXTS.alertEnded });
    expect((await ownView(ward, alertId)).responses).toEqual([]);
  });

  it('stops working once the guardian link has ended (404)', async () => {
    const ward = await wardWithContact('Eli Ward');
    const ivy = await subscribedGuardian('Ivy Guardian', ward, '/ivy');
    const alertId = await raise(ward);
    const token = pushedTo(ivy)[0]!.respond!.token;
    await endRelationship(sut, ward, ivy.link.id);

    const res = await respondWithPushToken(sut, token, 'on_my_way');
    expect(res.statusCode).toBe(404);
    const detail = await ownView(ward, alertId);
    expect(detail.responses).toEqual([]);
    expect(detail.alert.state).toBe('raised');
  });
});
