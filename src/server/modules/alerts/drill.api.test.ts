/**
 * "Test my safety network" on the controlled clock: a drill texts every contact and pushes every guardian through
 * the alert pipeline, marked TEST; it never escalates and never calls, even long past the escalation time; answers
 * show on the drill; only its owner reads or ends it; it ends by itself; drills are limited per day without
 * touching the SMS limits a real SOS relies on; the reachable count warns when fewer than two can be reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ESCALATION } from '#shared/alert-life';
import { DRILL } from '#shared/constants';
import type { AlertListResponse } from '#shared/schemas/alert';
import type { PushPayload } from '#shared/schemas/push';
import type { Drill, SafetyNetwork } from '#shared/schemas/safety-network';
import { decryptPush } from '../../testing/fake-push-service';
import {
  addContact,
  createGuardedWard,
  createTestUserWithContacts,
  raiseAlert,
  runEscalation,
} from '../../testing/test-alerts';
import { createTestAppWithPush, subscribeBrowser, type TestAppWithPush } from '../../testing/test-app';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { linkGuardian } from '../guardians/guardian-test-helpers';
import { DRILL_END_JOB } from './drill-raise';

const MUM = '+12015550101';
const DAD = '+12015550102';
const LINK = /\nTap to confirm you got it: \S+\/r\/([a-z2-7]{26})$/;

describe('the safety network drill', () => {
  let sut: TestAppWithPush;
  beforeAll(async () => {
    sut = await createTestAppWithPush({ ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
  });
  afterAll(() => sut?.close());

  const runJobs = (): Promise<void> => runEscalation(sut, [DRILL_END_JOB]);
  const start = (user: TestUser) =>
    sut.app.inject({ method: 'POST', url: '/api/safety-network/drills', headers: user.headers });
  const read = (user: TestUser, id: string) =>
    sut.app.inject({ method: 'GET', url: `/api/safety-network/drills/${id}`, headers: user.headers });
  const end = (user: TestUser, id: string) =>
    sut.app.inject({ method: 'POST', url: `/api/safety-network/drills/${id}/end`, headers: user.headers });
  const network = async (user: TestUser): Promise<SafetyNetwork> =>
    (await sut.app.inject({ method: 'GET', url: '/api/safety-network', headers: user.headers })).json();
  const textsTo = async (user: TestUser, phone: string): Promise<string[]> =>
    (
      await sut.db.query<{ body: string }>(
        "SELECT body FROM dev_outbox WHERE channel = 'sms' AND user_id = $1 AND recipient = $2 ORDER BY created_at",
        [user.id, phone],
      )
    ).rows.map((row) => row.body);
  const deliveriesOf = async (alertId: string) =>
    (
      await sut.db.query<{ purpose: string; channel: string }>(
        'SELECT purpose, channel FROM alert_deliveries WHERE alert_id = $1 ORDER BY position',
        [alertId],
      )
    ).rows;

  it('texts and pushes a TEST to everyone, never escalates nor calls, and shows who confirmed', async () => {
    const network = await createGuardedWard(sut, 'Jane Doe', 'Gina Guardian', [
      { phone: MUM, name: 'Mum' },
      { phone: DAD, name: 'Dad' },
    ]);
    let person = network.ward;
    const { guardian } = network;
    const browser = await subscribeBrowser(sut, guardian, '/gina');
    sut.push.received.length = 0;

    const started = await start(person);
    expect(started.statusCode).toBe(201);
    const drill = started.json<Drill>();
    await runJobs();

    // Each contact's text says TEST and nothing is wrong, with their own link to confirm.
    const [mumText] = await textsTo(person, MUM);
    expect(mumText).toMatch(
      /^TEST from Beacon — Jane Doe is testing their safety network\. Nothing is wrong\./,
    );
    expect(mumText).not.toContain('SOS');
    const code = LINK.exec(mumText ?? '')?.[1];
    expect(code).toBeDefined();
    expect(await textsTo(person, DAD)).toHaveLength(1);
    // The guardian's push says TEST and carries no emergency answer buttons.
    expect(sut.push.received).toHaveLength(1);
    const payload = JSON.parse(decryptPush(sut.push.received[0]!.body, browser)) as PushPayload;
    expect(payload.title).toBe('TEST: Jane Doe is testing their safety network');
    expect(payload.respond).toBeUndefined();

    const shown = (await read(person, drill.id)).json<Drill>();
    expect(shown.recipients.map((r) => [r.kind, r.name, r.channel, r.status, r.response])).toEqual([
      ['contact', 'Mum', 'sms', 'kept_in_dev_outbox', null],
      ['contact', 'Dad', 'sms', 'kept_in_dev_outbox', null],
      ['guardian', 'Gina Guardian', 'push', 'sent', null],
    ]);

    // The person's own screens never switch to the emergency screen: their alert lists do not hold the drill.
    const active = await sut.app.inject({
      method: 'GET',
      url: '/api/alerts?status=active',
      headers: person.headers,
    });
    expect(active.json<AlertListResponse>().alerts).toEqual([]);

    // The contact's page says TEST; their "I got it" and the guardian's answer show on the drill.
    const page = await sut.app.inject({ method: 'GET', url: `/api/responder/${code}` });
    expect(page.json()).toMatchObject({ test: true, raised_by: 'TEST of their safety network' });
    const confirmed = await sut.app.inject({
      method: 'POST',
      url: `/api/responder/${code}/respond`,
      payload: { response: 'acknowledged' },
    });
    expect(confirmed.statusCode).toBe(200);
    const answered = await sut.app.inject({
      method: 'POST',
      url: `/api/wards/alerts/${drill.id}/respond`,
      headers: guardian.headers,
      payload: { response: 'acknowledged' },
    });
    expect(answered.statusCode).toBe(200);
    const after = (await read(person, drill.id)).json<Drill>();
    expect(after.recipients.map((r) => [r.name, r.response])).toEqual([
      ['Mum', 'acknowledged'],
      ['Dad', null],
      ['Gina Guardian', 'acknowledged'],
    ]);

    // Long past every escalation time (and its own end): no escalation, no call, nothing texted again.
    const dadAnswerless = ALERT_ESCALATION.defaultSeconds + ALERT_ESCALATION.repeatEverySeconds * 10;
    sut.clock.advance(dadAnswerless * 1000);
    await runJobs();
    sut.clock.advance(2 * 3_600_000);
    await runJobs();
    expect((await deliveriesOf(drill.id)).map((d) => `${d.purpose}:${d.channel}`)).toEqual([
      'alert:sms',
      'alert:sms',
      'alert:push',
    ]);
    expect(await textsTo(person, DAD)).toHaveLength(1);
    const calls = await sut.db.query("SELECT 1 FROM dev_outbox WHERE channel = 'voice' AND user_id = $1", [
      person.id,
    ]);
    expect(calls.rows).toEqual([]);
    expect(sut.push.received).toHaveLength(1);
    // It ended by itself, with no follow-up text to anyone.
    person = await signInAgain(sut, person);
    const ended = (await read(person, drill.id)).json<Drill>();
    expect(drill.ends_at).toBe(
      new Date(Date.parse(drill.started_at) + DRILL.endsAfterMinutes * 60_000).toISOString(),
    );
    expect(Date.parse(ended.ended_at ?? '')).toBeGreaterThanOrEqual(Date.parse(drill.ends_at));
  });

  it('is its owner’s alone: another person can neither read nor end it', async () => {
    const person = await createTestUserWithContacts(sut, 'Olive Owner', [{ phone: MUM }]);
    const stranger = await createTestUserWithContacts(sut, 'Sam Stranger', [{ phone: DAD }]);
    const drill = (await start(person)).json<Drill>();
    expect((await read(stranger, drill.id)).statusCode).toBe(404);
    expect((await end(stranger, drill.id)).statusCode).toBe(404);
    expect((await read(person, drill.id)).json<Drill>().ended_at).toBeNull();

    // Its owner ends it, once; nobody gets an all-clear.
    const ended = await end(person, drill.id);
    expect(ended.statusCode).toBe(200);
    const endedAt = ended.json<Drill>().ended_at;
    expect(endedAt).not.toBeNull();
    sut.clock.advance(1000);
    expect((await end(person, drill.id)).json<Drill>().ended_at).toBe(endedAt);
    await runJobs();
    expect((await deliveriesOf(drill.id)).map((d) => d.purpose)).toEqual(['alert']);
  });

  it('starts at most DRILL.perWindow drills a day, and never holds back a real SOS', async () => {
    const person = await createTestUserWithContacts(sut, 'Lim Ited', [{ phone: MUM }]);
    expect((await network(person)).drills_left).toBe(DRILL.perWindow);
    for (let i = 0; i < DRILL.perWindow; i++) {
      const drill = (await start(person)).json<Drill>();
      // A drill still open is the answer to starting another.
      expect((await start(person)).statusCode).toBe(200);
      expect((await end(person, drill.id)).statusCode).toBe(200);
    }
    const refused = await start(person);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited' });
    expect((await network(person)).drills_left).toBe(0);
    // The real SOS goes out as always, and is not joined to a drill.
    const sos = await raiseAlert(sut, person);
    expect(sos.statusCode).toBe(201);
    await runJobs();
    const texts = await textsTo(person, MUM);
    expect(texts.at(-1)).toContain('Beacon SOS: Lim Ited may need help');
  });

  it('a drill during an open SOS is its own, and the SOS is never joined to it', async () => {
    const person = await createTestUserWithContacts(sut, 'Ida Own', [{ phone: MUM }]);
    const drill = (await start(person)).json<Drill>();
    const sos = await raiseAlert(sut, person);
    expect(sos.statusCode).toBe(201);
    expect(sos.json<{ alert: { id: string } }>().alert.id).not.toBe(drill.id);
  });

  it('counts who can be reached and warns below two', async () => {
    const alone = await createTestUser(sut, 'Al One');
    expect((await start(alone)).statusCode).toBe(400);
    expect(await network(alone)).toMatchObject({ reachable: 0, too_few: true, contacts: [], guardians: [] });

    await addContact(sut, alone, MUM, 'Mum');
    // The same number twice is one person.
    await addContact(sut, alone, MUM, 'Mum again');
    expect(await network(alone)).toMatchObject({ reachable: 1, too_few: true });

    const guardian = await createTestUser(sut, 'Gus Guardian');
    await linkGuardian(sut, guardian, alone, 'active');
    const both = await network(alone);
    expect(both).toMatchObject({ reachable: 2, too_few: false });
    expect(both.guardians).toEqual([{ id: guardian.id, name: 'Gus Guardian', push: false }]);
    expect(both.contacts.map((c) => [c.name, c.textable, c.reachable])).toEqual([
      ['Mum', true, true],
      ['Mum again', true, true],
    ]);

    // A guardian without a subscribed browser still sees the drill in Beacon: listed, nothing sent.
    const drill = (await start(alone)).json<Drill>();
    expect(drill.recipients.map((r) => [r.kind, r.name, r.channel])).toEqual([
      ['contact', 'Mum', 'sms'],
      ['guardian', 'Gus Guardian', null],
    ]);
    expect(drill.recipients[1]!.status).toBeNull();
  });
});
