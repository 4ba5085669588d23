/**
 * Escalation calls end to end: a `voice` delivery (queued here as the escalation step queues it) is placed through
 * a Twilio-compatible Calls API, and the provider's signed callbacks record the call's outcome on the alert's
 * timeline and let the contact acknowledge the alert by pressing 1. Without a provider the dev outbox keeps the
 * call.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail, RaiseAlertResponse } from '#shared/schemas/alert';
import type { DevSmsList } from '#shared/schemas/dev-sms';
import type { RealtimeServerMessage } from '#shared/schemas/realtime';
import {
  acceptedCallReply,
  startFakeTwilio,
  type FakeCallRequest,
  type FakeReply,
  type FakeTwilio,
} from '../../adapters/sms/fake-twilio-server';
import { callTwiml } from '../../adapters/voice/twiml';
import { openSocket } from '../guardians/guardian-test-helpers';
import {
  createTestApp,
  createTestAppWithTwilio,
  type TestApp,
  type TestAppWithTwilio,
} from '../../testing/test-app';
import { createTestUserWithContacts, raiseAlert } from '../../testing/test-alerts';
import type { TestUser } from '../../testing/test-users';
import { DELIVERY_JOB, writeDeliveries } from './delivery-job';

const AUTH_TOKEN = 'voice-test-auth-token';
const PUBLIC_URL = 'https://beacon.example';
// The words may carry what the person typed (a quick message): markup characters must be spoken, not parsed.
const WORDS = `Emergency alert from Ana Lima: "I'm at Tom & Jerry's <bar>". Nobody has answered yet.`;

/** Scripted answers per number: the n-th call to a number gets the n-th reply (the last one repeats). */
const SCRIPTS: Record<string, Array<FakeReply | 'ok'>> = {
  '+12015550131': [{ status: 503 }, 'ok'],
  '+12015550132': ['hang', 'ok'],
  '+12015550133': [{ status: 400, json: { code: 21215, message: 'Geo permission' } }],
};

function scripted(call: FakeCallRequest): FakeReply {
  const script = SCRIPTS[call.to] ?? ['ok'];
  const reply = script[Math.min(call.attempt, script.length) - 1]!;
  return reply === 'ok' ? acceptedCallReply(call.sid) : reply;
}

/** Queues a call to `phone` on the alert, as the escalation step does, and runs the delivery job. */
async function queueCall(sut: TestApp, alertId: string, phone: string, name: string | null): Promise<string> {
  await sut.db.transaction((tx) =>
    writeDeliveries(
      tx,
      alertId,
      [{ channel: 'voice', recipient: phone, recipientName: name, contactId: null, body: WORDS }],
      sut.clock.now(),
    ),
  );
  await sut.app.scheduler.runNow(DELIVERY_JOB);
  await sut.app.idle();
  const { rows } = await sut.db.query<{ id: string }>(
    "SELECT id FROM alert_deliveries WHERE alert_id = $1 AND channel = 'voice' AND recipient = $2",
    [alertId, phone],
  );
  return rows[0]!.id;
}

describe('escalation calls through a Twilio-compatible provider', () => {
  let fake: FakeTwilio;
  let sut: TestAppWithTwilio;

  beforeAll(async () => {
    sut = await createTestAppWithTwilio({
      callReply: scripted,
      authToken: AUTH_TOKEN,
      env: {
        PUBLIC_URL,
        // Generous: a loaded CI machine must not turn a slow answer into a time-out.
        SMS_TIMEOUT_MS: '2000',
      },
    });
    fake = sut.twilio;
  });
  afterEach(() => {
    fake.calls.length = 0;
  });
  afterAll(async () => {
    await sut?.close();
  });

  /** A person with one contact whose alert is raised; answers the person and the alert's id. */
  async function raised(phone: string, contactName = 'Mum'): Promise<{ user: TestUser; alertId: string }> {
    const user = await createTestUserWithContacts(sut, 'Ana Lima', [{ phone, name: contactName }]);
    const res = await raiseAlert(sut, user);
    expect(res.statusCode).toBe(201);
    return { user, alertId: res.json<RaiseAlertResponse>().alert.id };
  }
  const getAlert = async (user: TestUser, id: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: user.headers })).json();
  const callback = (url: string, params: Record<string, string>) => {
    const signed = fake.signedCallback(url, params);
    return sut.app.inject({
      method: 'POST',
      url: signed.path,
      headers: signed.headers,
      payload: signed.payload,
    });
  };
  const callParams = (extra: Record<string, string>) => ({
    AccountSid: 'AC00000000000000000000000000000000',
    CallSid: 'CA0123456789abcdef0123456789abcdef',
    From: '+15005550006',
    To: '+12015550120',
    ...extra,
  });

  it('places the call with the inline TwiML, machine detection and the callbacks of its delivery', async () => {
    const { user, alertId } = await raised('+12015550120');
    const deliveryId = await queueCall(sut, alertId, '+12015550120', 'Mum');
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      path: '/2010-04-01/Accounts/AC00000000000000000000000000000000/Calls.json',
      to: '+12015550120',
      from: '+15005550006',
      twiml: callTwiml({ words: WORDS, gatherUrl: `${PUBLIC_URL}/api/voice/calls/${deliveryId}/gather` }),
      machineDetection: 'Enable',
      statusCallback: `${PUBLIC_URL}/api/voice/calls/${deliveryId}/status`,
      statusCallbackEvent: 'completed',
    });
    expect(fake.calls[0]?.twiml).toContain(
      '<Say>Emergency alert from Ana Lima: &quot;I&apos;m at Tom &amp; Jerry&apos;s &lt;bar&gt;&quot;. Nobody has answered yet. Press 1 if you can help.</Say>',
    );
    const alert = await getAlert(user, alertId);
    expect(alert.deliveries.find((d) => d.id === deliveryId)).toMatchObject({
      channel: 'voice',
      recipient: '+12015550120',
      recipient_name: 'Mum',
      status: 'sent',
    });
  });

  it('acknowledges the alert when the contact presses 1, and records the answered call once', async () => {
    const { user, alertId } = await raised('+12015550121', 'Mum Lima');
    const deliveryId = await queueCall(sut, alertId, '+12015550121', 'Mum Lima');
    const { gatherUrl, statusUrl } = urlsOf(fake.calls[0]!);
    const socket = await openSocket(sut.app, { user });
    try {
      const gather = await callback(gatherUrl, callParams({ Digits: '1', AnsweredBy: 'human' }));
      expect(gather.statusCode).toBe(200);
      expect(gather.headers['content-type']).toMatch(/^text\/xml/);
      expect(gather.body).toBe(
        '<Response><Say>Thank you. Your answer has been passed on. Please reach them as soon as you can. Goodbye.</Say></Response>',
      );
      const acknowledged = await getAlert(user, alertId);
      expect(acknowledged.alert.state).toBe('acknowledged');
      expect(acknowledged.alert.acknowledged_at).not.toBeNull();
      expect(acknowledged.responses).toEqual([
        expect.objectContaining({
          responder_kind: 'contact',
          responder_name: 'Mum Lima',
          response: 'acknowledged',
        }),
      ]);

      const ended = callParams({ CallStatus: 'completed', AnsweredBy: 'human', CallDuration: '31' });
      expect((await callback(statusUrl, ended)).statusCode).toBe(204);
      // Twilio repeats a callback it got no answer to: the outcome is recorded once.
      expect((await callback(statusUrl, ended)).statusCode).toBe(204);
      await sut.app.idle();
      const alert = await getAlert(user, alertId);
      expect(
        alert.timeline.map((entry) => [entry.kind, entry.actor_name, entry.response, entry.call_outcome]),
      ).toEqual([
        ['raised', null, null, null],
        ['responded', 'Mum Lima', 'acknowledged', null],
        ['call_outcome', 'Mum Lima', null, 'answered'],
      ]);
      const isCallOutcome = (message: RealtimeServerMessage): boolean =>
        message.type === 'alert.progress' && message.payload.entry.kind === 'call_outcome';
      const progress = await socket.waitFor(isCallOutcome);
      expect(progress).toMatchObject({
        type: 'alert.progress',
        payload: { alert_id: alertId, state: 'acknowledged', entry: { call_outcome: 'answered' } },
      });
      expect(socket.events().filter(isCallOutcome)).toHaveLength(1);
      expect(deliveryId).toBeTruthy();
    } finally {
      socket.close();
    }
  });

  it('records an answering machine as voicemail, and a key it sends acknowledges nothing', async () => {
    const { user, alertId } = await raised('+12015550122');
    await queueCall(sut, alertId, '+12015550122', 'Mum');
    const { gatherUrl, statusUrl } = urlsOf(fake.calls[0]!);
    const gather = await callback(gatherUrl, callParams({ Digits: '1', AnsweredBy: 'machine_start' }));
    expect(gather.statusCode).toBe(200);
    expect(gather.body).toBe('<Response><Hangup/></Response>');
    const status = await callback(
      statusUrl,
      callParams({ CallStatus: 'completed', AnsweredBy: 'machine_start' }),
    );
    expect(status.statusCode).toBe(204);
    const alert = await getAlert(user, alertId);
    expect(alert.alert.state).toBe('raised');
    expect(alert.alert.acknowledged_at).toBeNull();
    expect(alert.responses).toEqual([]);
    expect(alert.timeline.map((entry) => [entry.kind, entry.actor_name, entry.call_outcome])).toEqual([
      ['raised', null, null],
      ['call_outcome', 'Mum', 'voicemail'],
    ]);
  });

  it('asks again after another key, and records nothing while the call goes on', async () => {
    const { user, alertId } = await raised('+12015550123');
    await queueCall(sut, alertId, '+12015550123', 'Mum');
    const { gatherUrl, statusUrl } = urlsOf(fake.calls[0]!);
    const gather = await callback(gatherUrl, callParams({ Digits: '2', AnsweredBy: 'human' }));
    expect(gather.body).toBe(
      `<Response><Gather numDigits="1" action="${gatherUrl}" method="POST" timeout="10">` +
        '<Say>To say you can help, press 1.</Say></Gather>' +
        '<Say>No key was pressed. Please try to reach them now. Goodbye.</Say></Response>',
    );
    expect((await callback(statusUrl, callParams({ CallStatus: 'in-progress' }))).statusCode).toBe(204);
    const alert = await getAlert(user, alertId);
    expect(alert.alert.state).toBe('raised');
    expect(alert.timeline.map((entry) => entry.kind)).toEqual(['raised']);
  });

  it.each([
    ['busy', 'busy'],
    ['no-answer', 'no_answer'],
    ['failed', 'failed'],
  ])('records a call that ended %s as %s', async (callStatus, outcome) => {
    const phone = `+1201555014${['busy', 'no-answer', 'failed'].indexOf(callStatus)}`;
    const { user, alertId } = await raised(phone);
    await queueCall(sut, alertId, phone, 'Mum');
    const { statusUrl } = urlsOf(fake.calls[0]!);
    expect((await callback(statusUrl, callParams({ CallStatus: callStatus }))).statusCode).toBe(204);
    const alert = await getAlert(user, alertId);
    expect(alert.timeline.at(-1)).toMatchObject({ kind: 'call_outcome', call_outcome: outcome });
    expect(alert.alert.state).toBe('raised');
  });

  it('refuses a forged, missing or misdirected signature with 403, and nothing changes', async () => {
    const { user, alertId } = await raised('+12015550124');
    const deliveryId = await queueCall(sut, alertId, '+12015550124', 'Mum');
    const { gatherUrl, statusUrl } = urlsOf(fake.calls[0]!);
    const before = await getAlert(user, alertId);
    const press = callParams({ Digits: '1', AnsweredBy: 'human' });
    const signed = fake.signedCallback(gatherUrl, press);
    const attempts = [
      // No signature at all.
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: signed.payload },
      // A signature of something else.
      {
        headers: { ...signed.headers, 'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
        payload: signed.payload,
      },
      // The right signature, but another form: Digits changed after signing.
      { headers: signed.headers, payload: signed.payload.replace('Digits=1', 'Digits=1&Extra=1') },
      // Signed for the URL the caller's Host header names, not PUBLIC_URL.
      {
        headers: {
          ...fake.signedCallback(`http://evil.example/api/voice/calls/${deliveryId}/gather`, press).headers,
          host: 'evil.example',
        },
        payload: signed.payload,
      },
      // JSON is never what Twilio signs.
      { headers: { ...signed.headers, 'content-type': 'application/json' }, payload: JSON.stringify(press) },
    ];
    for (const attempt of attempts) {
      for (const url of [new URL(gatherUrl).pathname, new URL(statusUrl).pathname]) {
        const res = await sut.app.inject({ method: 'POST', url, ...attempt });
        expect(res.statusCode, `${url} ${JSON.stringify(attempt.headers)}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      }
    }
    // A server signing with another token is no provider of ours.
    const other = await startFakeTwilio(undefined, { authToken: 'someone-elses-token' });
    const foreign = other.signedCallback(statusUrl, callParams({ CallStatus: 'completed' }));
    await other.close();
    expect(
      (
        await sut.app.inject({
          method: 'POST',
          url: foreign.path,
          headers: foreign.headers,
          payload: foreign.payload,
        })
      ).statusCode,
    ).toBe(403);
    await sut.app.idle();
    expect(await getAlert(user, alertId)).toEqual(before);
  });

  it('answers 404 for a signed callback about a delivery that is not a call', async () => {
    const { user, alertId } = await raised('+12015550125');
    const text = (await getAlert(user, alertId)).deliveries.find((d) => d.channel === 'sms')!;
    const res = await callback(
      `${PUBLIC_URL}/api/voice/calls/${text.id}/status`,
      callParams({ CallStatus: 'completed' }),
    );
    expect(res.statusCode).toBe(404);
    expect((await getAlert(user, alertId)).timeline.map((entry) => entry.kind)).toEqual(['raised']);
  });

  it('answers 400 naming the field for a signed status callback without CallStatus', async () => {
    const { alertId } = await raised('+12015550126');
    const deliveryId = await queueCall(sut, alertId, '+12015550126', 'Mum');
    const res = await callback(`${PUBLIC_URL}/api/voice/calls/${deliveryId}/status`, callParams({}));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', field: 'CallStatus' });
  });

  it('retries a provider error and a time-out as texts are retried, and fails a refused call at once', async () => {
    const { user, alertId } = await raised('+12015550131');
    const phones = ['+12015550131', '+12015550132', '+12015550133'];
    for (const phone of phones) await queueCall(sut, alertId, phone, `Contact ${phone.slice(-1)}`);
    const statuses = async () =>
      Object.fromEntries(
        (await getAlert(user, alertId)).deliveries
          .filter((d) => d.channel === 'voice')
          .map((d) => [d.recipient, [d.status, d.attempts, d.last_error]]),
      );
    expect(await statuses()).toEqual({
      '+12015550131': ['pending', 1, 'The voice provider had a problem (503: HTTP 503)'],
      '+12015550132': ['pending', 1, 'The voice provider did not answer in time'],
      '+12015550133': ['failed', 1, 'The voice provider refused the call (21215: Geo permission)'],
    });
    // The first retry is due after 5 s ± 20 %.
    sut.clock.advance(6_100);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    await sut.app.idle();
    expect(await statuses()).toEqual({
      '+12015550131': ['sent', 2, null],
      '+12015550132': ['sent', 2, null],
      '+12015550133': ['failed', 1, 'The voice provider refused the call (21215: Geo permission)'],
    });
    // Without a reference to look for, the call whose answer was lost was placed again.
    expect(fake.calls.filter((call) => call.to === '+12015550132')).toHaveLength(2);
  });
});

describe('escalation calls without a provider', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp();
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('keeps the call in the dev outbox, listed with the texts', async () => {
    const user = await createTestUserWithContacts(sut, 'Ana Lima', [{ phone: '+12015550150', name: 'Mum' }]);
    const res = await raiseAlert(sut, user);
    const alertId = res.json<RaiseAlertResponse>().alert.id;
    const deliveryId = await queueCall(sut, alertId, '+12015550150', 'Mum');
    const alert: AlertDetail = (
      await sut.app.inject({ method: 'GET', url: `/api/alerts/${alertId}`, headers: user.headers })
    ).json();
    expect(alert.deliveries.find((d) => d.id === deliveryId)).toMatchObject({
      channel: 'voice',
      status: 'kept_in_dev_outbox',
    });
    const outbox: DevSmsList = (
      await sut.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: user.headers })
    ).json();
    expect(outbox.messages.map((m) => [m.channel, m.to, m.status])).toEqual(
      expect.arrayContaining([
        ['voice', '+12015550150', 'kept'],
        ['sms', '+12015550150', 'kept'],
      ]),
    );
    expect(outbox.messages.find((m) => m.channel === 'voice')?.body).toBe(WORDS);
  });

  it('refuses every callback: without a provider nothing can sign one', async () => {
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/voice/calls/00000000-0000-4000-8000-000000000000/gather',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'x' },
      payload: 'Digits=1',
    });
    expect(res.statusCode).toBe(403);
  });
});

/** The callback URLs a placed call was given. */
function urlsOf(call: FakeCallRequest): { gatherUrl: string; statusUrl: string } {
  const gatherUrl = /action="([^"]+)"/.exec(call.twiml ?? '')?.[1]?.replaceAll('&amp;', '&');
  if (!gatherUrl || !call.statusCallback) throw new Error('the call has no callbacks');
  return { gatherUrl, statusUrl: call.statusCallback };
}
