/**
 * The emergency contact's responder page: each contact's text carries a link of its own (only its hash stored),
 * the page shows the alert as a contact may see it, an answer acknowledges the alert for the person, and a code
 * that is unknown or expired answers 404 all alike (one the person revoked: 410).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONDER_LINK, RESPONDER_PAGE_PATH } from '#shared/constants';
import type { AlertDetail, RaiseAlertResponse } from '#shared/schemas/alert';
import type { ResponderView } from '#shared/schemas/responder';
import { acceptedReply, type FakeTwilio } from '../../adapters/sms/fake-twilio-server';
import {
  createTestApp,
  createTestAppWithTwilio,
  type TestApp,
  type TestAppWithTwilio,
} from '../../testing/test-app';
import { addContact, createTestUserWithContacts, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import type { TestUser } from '../../testing/test-users';
import { openSocket, postLocation } from '../guardians/guardian-test-helpers';
import { DELIVERY_JOB } from './delivery-job';
import { revokeResponderLinksOf } from './responder-link-repository';

const MUM = { phone: '+12015550161', name: 'Mum' };
const DAD = { phone: '+12015550162', name: 'Dad' };
const LINK_LINE = new RegExp(`\\nAnswer: (\\S+${RESPONDER_PAGE_PATH}/([a-z2-7]{26}))(\\n|$)`);

describe('the contact’s responder page', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(() => sut?.close());

  /** The text each number received for `user`'s alerts, newest last. */
  const textsTo = async (user: TestUser, phone: string): Promise<string[]> =>
    (
      await sut.db.query<{ body: string }>(
        "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 AND recipient = $2 ORDER BY created_at",
        [user.id, phone],
      )
    ).rows.map((row) => row.body);
  const codeIn = (text: string | undefined): string => {
    const match = LINK_LINE.exec(text ?? '');
    if (!match) throw new Error(`no responder link in ${text}`);
    return match[2]!;
  };
  const codeFor = async (user: TestUser, phone: string): Promise<string> =>
    codeIn((await textsTo(user, phone)).at(-1));
  const page = (code: string) => sut.app.inject({ method: 'GET', url: `/api/responder/${code}` });
  const respond = (code: string, response: string) =>
    sut.app.inject({ method: 'POST', url: `/api/responder/${code}/respond`, payload: { response } });
  const ownerAlert = async (user: TestUser, id: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: user.headers })).json();
  const raise = async (user: TestUser, payload = {}): Promise<string> => {
    const res = await raiseAlert(sut, user, { triggerType: 'manual', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RaiseAlertResponse>().alert.id;
  };

  it('gives each contact a link of its own in their text, and stores only a hash of its code', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM, DAD]);
    const alertId = await raise(user);
    const [mumText, dadText] = [(await textsTo(user, MUM.phone))[0], (await textsTo(user, DAD.phone))[0]];
    const [mum, dad] = [codeIn(mumText), codeIn(dadText)];
    expect(mum).not.toBe(dad);
    // One short line, last (before nothing else of ours).
    expect(mumText).toMatch(new RegExp(`\\nAnswer: http\\S+${RESPONDER_PAGE_PATH}/${mum}$`));

    const stored = JSON.stringify(
      (
        await sut.db.query(
          `SELECT l.*, d.body FROM alert_responder_links l JOIN alert_deliveries d ON d.id = l.delivery_id
           WHERE l.alert_id = $1`,
          [alertId],
        )
      ).rows,
    );
    expect(stored).not.toContain(mum);
    expect(stored).not.toContain(dad);
    expect(stored).toContain(MUM.phone);
    expect(
      (await sut.db.query('SELECT 1 FROM alert_responder_links WHERE alert_id = $1', [alertId])).rows,
    ).toHaveLength(2);
  });

  it('shows the alert as a contact may see it: first name, what raised it, its state; never notes or message', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Quill Doe', [MUM, DAD]);
    await raise(user, { notes: 'Private notes about Rex', message: 'Come quick to the pier' });
    const res = await page(await codeFor(user, MUM.phone));
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<ResponderView>();
    expect(view).toMatchObject({
      first_name: 'Jane',
      raised_by: 'quick message',
      state: 'raised',
      resolved_at: null,
      answers: [],
      you: { name: 'Mum', response: null },
    });
    for (const secret of [
      'Private notes',
      'Rex',
      'pier',
      'Quill',
      MUM.phone,
      DAD.phone,
      user.email,
      user.id,
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('an answer acknowledges the alert: the person sees who answered, and alert.progress goes out', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM, DAD]);
    const alertId = await raise(user);
    const socket = await openSocket(sut.app, { user });
    try {
      const res = await respond(await codeFor(user, MUM.phone), 'on_my_way');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ResponderView>()).toMatchObject({
        state: 'acknowledged',
        you: { name: 'Mum', response: 'on_my_way' },
        answers: [{ name: 'Mum', response: 'on_my_way' }],
      });
      const detail = await ownerAlert(user, alertId);
      expect(detail.alert.state).toBe('acknowledged');
      expect(detail.responses).toMatchObject([
        { responder_kind: 'contact', responder_name: 'Mum', response: 'on_my_way' },
      ]);
      await socket.waitFor(
        (message) =>
          message.type === 'alert.progress' &&
          message.payload.alert_id === alertId &&
          message.payload.state === 'acknowledged',
      );

      // Dad's page shows Mum's answer, and his own is still to give.
      const dad = (await page(await codeFor(user, DAD.phone))).json<ResponderView>();
      expect(dad.answers).toMatchObject([{ name: 'Mum', response: 'on_my_way' }]);
      expect(dad.you).toEqual({ name: 'Dad', response: null });
    } finally {
      socket.close();
    }
  });

  it('refuses an answer that is not one of the buttons, naming the field, and stores nothing', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    const alertId = await raise(user);
    const res = await respond(await codeFor(user, MUM.phone), 'acknowledged');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'response' });
    expect((await ownerAlert(user, alertId)).responses).toEqual([]);
  });

  it('shows the newest position only while the person lets contacts follow them', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    await postLocation(sut, user, { latitude: 51.5007, longitude: -0.1246, accuracy: 9 });
    await raise(user);
    const code = await codeFor(user, MUM.phone);
    expect((await page(code)).json<ResponderView>()).toMatchObject({
      position_shared: true,
      position: { latitude: 51.5007, longitude: -0.1246, accuracy: 9 },
    });

    const off = await sut.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: user.headers,
      payload: { settings: { emergencyContacts: false } },
    });
    expect(off.statusCode).toBe(200);
    const hidden = await page(code);
    expect(hidden.json<ResponderView>()).toMatchObject({ position_shared: false, position: null });
    expect(hidden.body).not.toContain('51.5007');
  });

  it('answers 404 alike to an unknown, malformed or expired code, and 410 to one the person revoked', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    await raise(user);
    const code = await codeFor(user, MUM.phone);
    expect((await page(code)).statusCode).toBe(200);
    const unknown = await page('a'.repeat(26));
    expect(unknown.statusCode).toBe(404);
    expect((await page('not-a-code')).statusCode).toBe(404);
    expect((await respond('a'.repeat(26), 'calling')).statusCode).toBe(404);

    // Stopping all sharing keeps the links of an SOS still on; once it ended, it ends them: 410, not 404.
    await revokeResponderLinksOf(sut.db, user.id, sut.clock.now());
    expect((await page(code)).statusCode).toBe(200);
    const [alertId] = (
      await sut.db.query<{ id: string }>('SELECT id FROM alerts WHERE user_id = $1', [user.id])
    ).rows.map((row) => row.id);
    await resolveAlert(sut, user, alertId!);
    await revokeResponderLinksOf(sut.db, user.id, sut.clock.now());
    const revoked = await page(code);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toMatchObject({ error: 'link_inactive' });
    expect((await respond(code, 'calling')).statusCode).toBe(410);

    const later = await createTestUserWithContacts(sut, 'Jim Doe', [DAD]);
    await raise(later);
    const other = await codeFor(later, DAD.phone);
    sut.clock.advance(RESPONDER_LINK.ttlHours * 3_600_000 - 1000);
    expect((await page(other)).statusCode).toBe(200);
    sut.clock.advance(1000);
    const expired = await page(other);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(unknown.json());
  });

  it('once the person is safe, the page says so for an hour without a position, and refuses answers', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    await postLocation(sut, user, { latitude: 51.5007, longitude: -0.1246 });
    const alertId = await raise(user);
    const code = await codeFor(user, MUM.phone);
    await resolveAlert(sut, user, alertId);

    const safe = await page(code);
    expect(safe.statusCode).toBe(200);
    expect(safe.json<ResponderView>()).toMatchObject({ state: 'resolved', position: null });
    expect(safe.body).not.toContain('51.5007');
    const late = await respond(code, 'on_my_way');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining('Jane') });
    expect((await ownerAlert(user, alertId)).responses).toEqual([]);

    sut.clock.advance(RESPONDER_LINK.afterSafeMinutes * 60_000);
    expect((await page(code)).statusCode).toBe(404);
  });

  it('a contact the open alert texts later (a joined SOS) gets a link of their own too', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    const alertId = await raise(user);
    await addContact(sut, user, DAD.phone, DAD.name);
    const joined = await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(joined.json<RaiseAlertResponse>().outcome).toBe('joined');
    const dad = await codeFor(user, DAD.phone);
    expect(dad).not.toBe(await codeFor(user, MUM.phone));
    expect((await textsTo(user, MUM.phone)).length).toBe(1);
    const res = await respond(dad, 'calling');
    expect(res.statusCode).toBe(200);
    expect((await ownerAlert(user, alertId)).responses).toMatchObject([
      { responder_name: 'Dad', response: 'calling' },
    ]);
  });

  it(`takes at most ${RESPONDER_LINK.answersPerHour} answers an hour from one link, and none from it spends another's`, async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM, DAD]);
    await raise(user);
    const mum = await codeFor(user, MUM.phone);
    for (let i = 0; i < RESPONDER_LINK.answersPerHour; i++) {
      expect((await respond(mum, i % 2 ? 'calling' : 'on_my_way')).statusCode).toBe(200);
    }
    const refused = await respond(mum, 'calling');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await respond(await codeFor(user, DAD.phone), 'calling')).statusCode).toBe(200);
  });
});

describe('a retried text carries the same responder link', () => {
  let fake: FakeTwilio;
  let sut: TestAppWithTwilio;
  beforeAll(async () => {
    // The first request for each text fails with a 500; the retry is accepted.
    sut = await createTestAppWithTwilio({
      reply: (request) => (request.attempt === 1 ? { status: 500 } : acceptedReply()),
      stampWithAppClock: true,
      env: { SMS_TIMEOUT_MS: '2000', ALERT_FIRST_ATTEMPT_WAIT_MS: '5000' },
    });
    fake = sut.twilio;
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('sends the same words, link included, on every attempt, and the link opens the page', async () => {
    const user = await createTestUserWithContacts(sut, 'Jane Doe', [MUM]);
    const res = await raiseAlert(sut, user, { triggerType: 'manual' });
    expect(res.statusCode).toBe(201);
    expect(fake.requests).toHaveLength(1);
    sut.clock.advance(60_000);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    await sut.app.idle();
    const [first, second] = fake.requests.filter((request) => request.to === MUM.phone);
    expect(second, 'the text was retried').toBeDefined();
    expect(second!.body).toBe(first!.body);
    const code = LINK_LINE.exec(first!.body)?.[2];
    expect(code).toBeDefined();
    expect((await sut.app.inject({ method: 'GET', url: `/api/responder/${code}` })).statusCode).toBe(200);
  });
});
