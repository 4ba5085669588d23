/**
 * The escalation ladder on the controlled clock (docs/PRODUCT.md#when-nobody-answers): nothing before the
 * person's escalation time; then the guardians' push again and the STILL NO RESPONSE texts, the call to the
 * primary contact a little later, the texts and the call again every few minutes up to the last round; each step
 * once, on the timeline and as `alert.progress`; nothing more once someone answers or the person is safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ESCALATION } from '#shared/alert-life';
import { STILL_NO_RESPONSE } from '#shared/escalation-texts';
import type { AlertDetail } from '#shared/schemas/alert';
import type { AlertProgress } from '#shared/schemas/alert-life';
import type { PushPayload } from '#shared/schemas/push';
import { decryptPush } from '../../testing/fake-push-service';
import {
  createGuardedWard,
  createTestUserWithContacts,
  raiseAlert,
  resolveAlert,
  runEscalation,
} from '../../testing/test-alerts';
import { createTestAppWithPush, subscribeBrowser, type TestAppWithPush } from '../../testing/test-app';
import type { TestUser } from '../../testing/test-users';
import { eventsOf } from '../journeys/journey-test-helpers';
import { DELIVERY_JOB } from './delivery-job';
import { ESCALATION_JOB } from './escalation-job';
import { recordResponse } from './record-response';
import type { AlertEvents } from './alert-events';

const { defaultSeconds, repeatEverySeconds, callAfterSeconds, maxRounds } = ALERT_ESCALATION;
const MUM = '+12015550101';
const DAD = '+12015550102';

/** Answers recorded straight through the one function every channel uses; their events go nowhere here. */
const QUIET: AlertEvents = {
  alertRaised: () => undefined,
  alertResolved: () => undefined,
  deliveryChanged: () => undefined,
  alertSeen: () => undefined,
  guardianAnswered: () => undefined,
  alertProgress: () => undefined,
};

type EscalationDelivery = {
  escalation_round: number;
  channel: string;
  recipient: string;
  status: string;
  last_error: string | null;
  body: string;
};

describe('the escalation ladder', () => {
  let sut: TestAppWithPush;
  beforeAll(async () => {
    sut = await createTestAppWithPush({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
  });
  afterAll(() => sut?.close());

  const advanceSeconds = async (seconds: number): Promise<void> => {
    sut.clock.advance(seconds * 1000);
    await runEscalation(sut);
  };
  const escalations = async (alertId: string): Promise<EscalationDelivery[]> =>
    (
      await sut.db.query<EscalationDelivery>(
        `SELECT escalation_round, channel, recipient, status, last_error, body FROM alert_deliveries
         WHERE alert_id = $1 AND purpose = 'escalation' ORDER BY position, id`,
        [alertId],
      )
    ).rows;
  const steps = async (alertId: string) =>
    (
      await sut.db.query<{ escalation_step: string; round: number }>(
        `SELECT escalation_step, round FROM alert_timeline WHERE alert_id = $1 AND kind = 'escalated' ORDER BY id`,
        [alertId],
      )
    ).rows.map((row) => `${row.round}:${row.escalation_step}`);
  const getAlert = async (user: TestUser, alertId: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${alertId}`, headers: user.headers })).json();
  const raise = async (user: TestUser): Promise<string> => {
    const res = await raiseAlert(sut, user);
    expect(res.statusCode).toBe(201);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    return res.json<AlertDetail>().alert.id;
  };

  it('escalates step by step at its times, each step once, up to the last round', async () => {
    const { ward: person, guardian } = await createGuardedWard(sut, 'Jane Doe', 'Gina Guardian', [
      { phone: MUM, name: 'Mum' },
      { phone: DAD, name: 'Dad' },
    ]);
    const browser = await subscribeBrowser(sut, guardian, '/gina-phone');
    const alertId = await raise(person);
    sut.push.received.length = 0;

    // Nothing before the escalation time.
    await advanceSeconds(defaultSeconds - 1);
    expect(await escalations(alertId)).toEqual([]);
    expect((await getAlert(person, alertId)).alert.state).toBe('raised');

    // At the escalation time: the guardian's browser again, every contact texted again; no call yet.
    await advanceSeconds(1);
    const first = await escalations(alertId);
    expect(first.map((d) => [d.escalation_round, d.channel, d.recipient])).toEqual([
      [1, 'push', guardian.id],
      [1, 'sms', MUM],
      [1, 'sms', DAD],
    ]);
    expect(first.filter((d) => d.channel === 'sms').every((d) => d.body.startsWith(STILL_NO_RESPONSE))).toBe(
      true,
    );
    expect(first[1]!.body).toContain('Jane Doe may need help');
    expect(sut.push.received).toHaveLength(1);
    const payload = JSON.parse(decryptPush(sut.push.received[0]!.body, browser)) as PushPayload;
    expect(payload).toMatchObject({ title: 'Still no response: Jane Doe', tag: `alert-${alertId}` });
    const detail = await getAlert(person, alertId);
    expect(detail.alert.state).toBe('escalating');
    expect(detail.timeline.filter((e) => e.kind === 'escalated')).toMatchObject([
      { escalation_step: 'push_again', round: 1 },
      { escalation_step: 'text_again', round: 1 },
    ]);
    // The counts stay those of the alert's own texts; the escalation texts are listed with their purpose.
    expect(detail.summary.total).toBe(2);
    expect(detail.emergencyContacts).toBe(2);
    expect(detail.deliveries.filter((d) => d.purpose === 'escalation')).toHaveLength(2);
    expect((await eventsOf<AlertProgress>(sut, person, 'alert.progress')).map((p) => p.state)).toEqual([
      'escalating',
      'escalating',
    ]);

    // The call to the primary contact (the first saved one) comes a little later, on the voice channel; this
    // server has no Twilio, so its dev outbox keeps the call (nobody is called).
    await advanceSeconds(callAfterSeconds - 1);
    expect((await escalations(alertId)).filter((d) => d.channel === 'voice')).toEqual([]);
    await advanceSeconds(1);
    const calls = (await escalations(alertId)).filter((d) => d.channel === 'voice');
    expect(calls).toMatchObject([
      {
        escalation_round: 1,
        recipient: MUM,
        status: 'kept_in_dev_outbox',
        last_error: null,
      },
    ]);
    expect(calls[0]!.body).toContain('Jane Doe may need help: SOS button.');
    expect(calls[0]!.body).toContain('Press 1 if you can help.');

    // Running again changes nothing: each step once.
    await runEscalation(sut);
    expect(await escalations(alertId)).toHaveLength(4);

    // The texts and the call again, every few minutes, up to the last round; then nothing more.
    for (let round = 2; round <= maxRounds; round++) {
      await advanceSeconds(repeatEverySeconds - callAfterSeconds - 1);
      expect((await escalations(alertId)).filter((d) => d.escalation_round === round)).toEqual([]);
      await advanceSeconds(1);
      expect(
        (await escalations(alertId)).filter((d) => d.escalation_round === round).map((d) => d.channel),
      ).toEqual(['sms', 'sms']);
      await advanceSeconds(callAfterSeconds);
      expect(
        (await escalations(alertId)).filter((d) => d.escalation_round === round).map((d) => d.channel),
      ).toEqual(['sms', 'sms', 'voice']);
    }
    await advanceSeconds(60 * 60);
    expect(await escalations(alertId)).toHaveLength(3 + 3 * maxRounds - 2);
    expect(await steps(alertId)).toEqual([
      '1:push_again',
      '1:text_again',
      '1:call',
      ...Array.from({ length: maxRounds - 1 }, (_, i) => [`${i + 2}:text_again`, `${i + 2}:call`]).flat(),
    ]);
  });

  it('stops at once when someone answers', async () => {
    const person = await createTestUserWithContacts(sut, 'Ann Answered', [{ phone: '+12015550111' }]);
    const alertId = await raise(person);
    await advanceSeconds(defaultSeconds);
    expect(await steps(alertId)).toEqual(['1:text_again']);

    await recordResponse(
      { db: sut.db, clock: sut.clock, events: QUIET },
      alertId,
      { kind: 'contact', phone: '+12015550111', name: 'Mum' },
      'on_my_way',
    );
    expect((await getAlert(person, alertId)).alert.state).toBe('acknowledged');
    await advanceSeconds(60 * 60);
    expect(await steps(alertId)).toEqual(['1:text_again']);
    expect((await escalations(alertId)).map((d) => d.channel)).toEqual(['sms']);
  });

  it('never escalates an alert someone answered before its time', async () => {
    const person = await createTestUserWithContacts(sut, 'Quick Answer', [{ phone: '+12015550112' }]);
    const alertId = await raise(person);
    await recordResponse(
      { db: sut.db, clock: sut.clock, events: QUIET },
      alertId,
      { kind: 'contact', phone: '+12015550112', name: 'Mum' },
      'calling',
    );
    await advanceSeconds(60 * 60);
    expect(await escalations(alertId)).toEqual([]);
  });

  it('stops after "I\'m safe", and drops the step that was waiting', async () => {
    const person = await createTestUserWithContacts(sut, 'Sam Safe', [{ phone: '+12015550113' }]);
    const alertId = await raise(person);
    await advanceSeconds(defaultSeconds);
    await resolveAlert(sut, person, alertId);
    const waiting = await sut.db.query<{ status: string }>(
      `SELECT status FROM scheduled_jobs WHERE kind = $1 AND key LIKE $2 || ':%' AND status = 'pending'`,
      [ESCALATION_JOB, alertId],
    );
    expect(waiting.rows).toEqual([]);
    await advanceSeconds(60 * 60);
    expect(await steps(alertId)).toEqual(['1:text_again']);
    expect((await escalations(alertId)).map((d) => d.channel)).toEqual(['sms']);
  });

  it('never texts nor calls a number a limit held the alert back from', async () => {
    const person = await createTestUserWithContacts(sut, 'Hal Held', [
      { phone: '+12015550115', name: 'Held' },
      { phone: '+12015550116', name: 'Mum' },
    ]);
    const alertId = await raise(person);
    // As sms-caps.ts stores a text past the sender's budget (sms-caps.api.test.ts reaches it for real).
    await sut.db.query(
      `UPDATE alert_deliveries SET status = 'failed', held_reason = 'sender_hourly_budget'
       WHERE alert_id = $1 AND recipient = '+12015550115'`,
      [alertId],
    );
    await advanceSeconds(defaultSeconds);
    await advanceSeconds(callAfterSeconds);
    expect((await escalations(alertId)).map((d) => [d.channel, d.recipient])).toEqual([
      ['sms', '+12015550116'],
      ['voice', '+12015550116'],
    ]);
  });

  it("places at most ALERT_ESCALATION.callsPerPersonPerHour calls for one person's alerts in a clock hour", async () => {
    // The calls are counted per clock hour: start at the beginning of the next one (and sign in after the move,
    // so the session is not one the move made stale).
    const hour = 3_600_000;
    sut.clock.set(new Date(Math.ceil(sut.clock.now().getTime() / hour) * hour + 1000));
    const person = await createTestUserWithContacts(sut, 'Carl Caller', [{ phone: '+12015550117' }]);
    const set = await sut.app.inject({
      method: 'PATCH',
      url: '/api/escalation-settings',
      headers: person.headers,
      payload: { escalation_seconds: 30 },
    });
    expect(set.statusCode).toBe(200);
    const alertIds: string[] = [];
    for (let i = 0; i <= ALERT_ESCALATION.callsPerPersonPerHour; i++) {
      const alertId = await raise(person);
      alertIds.push(alertId);
      await advanceSeconds(30);
      await advanceSeconds(callAfterSeconds);
      await resolveAlert(sut, person, alertId);
    }
    const calls = await Promise.all(
      alertIds.map(async (id) => (await escalations(id)).filter((d) => d.channel === 'voice').length),
    );
    expect(calls).toEqual([...Array<number>(ALERT_ESCALATION.callsPerPersonPerHour).fill(1), 0]);
    // The texts were not limited, and the timeline claims no call that was not placed.
    expect(await steps(alertIds.at(-1)!)).toEqual(['1:text_again']);
  });

  it("waits the person's own escalation time", async () => {
    const person = await createTestUserWithContacts(sut, 'Pat Patient', [{ phone: '+12015550114' }]);
    const set = await sut.app.inject({
      method: 'PATCH',
      url: '/api/escalation-settings',
      headers: person.headers,
      payload: { escalation_seconds: 600 },
    });
    expect(set.statusCode).toBe(200);
    const alertId = await raise(person);
    await advanceSeconds(599);
    expect(await escalations(alertId)).toEqual([]);
    await advanceSeconds(1);
    expect((await escalations(alertId)).map((d) => d.channel)).toEqual(['sms']);
  });
});
