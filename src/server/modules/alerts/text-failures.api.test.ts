/**
 * Contacts whose texts keep failing: after the last two texts to a contact's number failed at the provider, the
 * contact list flags them with the provider's reason and when; a text that goes through clears the flag. The
 * safety network counts a flagged contact as not reachable, and warns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactListResponse } from '#shared/schemas/contact-api';
import type { Drill, SafetyNetwork } from '#shared/schemas/safety-network';
import { acceptedReply, type FakeReply } from '../../adapters/sms/fake-twilio-server';
import { createTestUserWithContacts, endOpenAlerts, raiseAlert } from '../../testing/test-alerts';
import { createTestAppWithTwilio, type TestAppWithTwilio } from '../../testing/test-app';
import { DELIVERY_JOB } from './delivery-job';

const WORKS = '+12015550121';
const BROKEN = '+12015550122';
const REFUSAL: FakeReply = { status: 400, json: { code: 21211, message: 'Invalid To number' } };

describe('contacts whose texts keep failing', () => {
  let sut: TestAppWithTwilio;
  let brokenWorks = false;

  beforeAll(async () => {
    sut = await createTestAppWithTwilio({
      reply: (request) => (request.to === BROKEN && !brokenWorks ? REFUSAL : acceptedReply()),
      stampWithAppClock: true,
      env: { SMS_TIMEOUT_MS: '2000', ALERT_FIRST_ATTEMPT_WAIT_MS: '0' },
    });
  });
  afterAll(async () => {
    await sut?.close();
  });

  it('flags a contact after two failed texts, with the reason, and clears it after one that went', async () => {
    const person = await createTestUserWithContacts(sut, 'Fay Failing', [
      { phone: WORKS, name: 'Works' },
      { phone: BROKEN, name: 'Broken' },
    ]);
    const contacts = async () =>
      (
        await sut.app.inject({ method: 'GET', url: '/api/contacts', headers: person.headers })
      ).json<ContactListResponse>().contacts;
    const network = async () =>
      (
        await sut.app.inject({ method: 'GET', url: '/api/safety-network', headers: person.headers })
      ).json<SafetyNetwork>();
    const deliver = async () => {
      await sut.app.scheduler.runNow(DELIVERY_JOB);
      await sut.app.idle();
    };
    expect((await contacts()).map((c) => c.text_failure)).toEqual([null, null]);

    // One failed text is not yet a pattern.
    expect((await raiseAlert(sut, person)).statusCode).toBe(201);
    await deliver();
    expect((await contacts()).map((c) => c.text_failure)).toEqual([null, null]);
    await endOpenAlerts(sut, person);

    // A second one (a drill's text counts too): flagged, with the provider's reason and when.
    sut.clock.advance(60_000);
    const drill = await sut.app.inject({
      method: 'POST',
      url: '/api/safety-network/drills',
      headers: person.headers,
    });
    expect(drill.statusCode).toBe(201);
    await deliver();
    const failedAt = sut.clock.now().toISOString();
    const [works, broken] = await contacts();
    expect(works!.text_failure).toBeNull();
    expect(broken!.text_failure).toEqual({
      reason: expect.stringContaining('Invalid To number'),
      failed_at: failedAt,
      failed_in_a_row: 2,
    });
    // The drill shows the same reason for that contact, and the network counts them out (and warns).
    const shown = (
      await sut.app.inject({
        method: 'GET',
        url: `/api/safety-network/drills/${drill.json<Drill>().id}`,
        headers: person.headers,
      })
    ).json<Drill>();
    expect(shown.recipients.find((r) => r.name === 'Broken')).toMatchObject({
      status: 'failed',
      last_error: expect.stringContaining('Invalid To number'),
    });
    expect(await network()).toMatchObject({ reachable: 1, too_few: true });
    expect((await network()).contacts.find((c) => c.name === 'Broken')).toMatchObject({
      reachable: false,
      text_failure: { failed_in_a_row: 2 },
    });
    await sut.app.inject({
      method: 'POST',
      url: `/api/safety-network/drills/${drill.json<Drill>().id}/end`,
      headers: person.headers,
    });

    // The number works again: one text that went through clears the flag.
    brokenWorks = true;
    sut.clock.advance(60_000);
    expect((await raiseAlert(sut, person)).statusCode).toBe(201);
    await deliver();
    expect((await contacts()).map((c) => c.text_failure)).toEqual([null, null]);
    expect(await network()).toMatchObject({ reachable: 2, too_few: false });
  });
});
