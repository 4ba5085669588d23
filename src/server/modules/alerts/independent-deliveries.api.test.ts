import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import { acceptedReply, type FakeTwilio } from '../../adapters/sms/fake-twilio-server';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import { createTestAppWithTwilio, type TestAppWithTwilio } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';

const HANGING_NUMBER = '+12015550121';
const OTHER_NUMBER = '+12015550122';

/**
 * One person's SOS must never wait for another's provider request. The fake never answers the first person's
 * number (until the test ends), and both the SMS time-out and the first-attempt wait are a minute: if the second
 * SOS queued behind the hanging request, its answer could not come before that request ended, so this test would
 * hang and fail instead of passing.
 */
describe('a hanging provider request to one number', () => {
  let fake: FakeTwilio;
  let sut: TestAppWithTwilio;
  beforeAll(async () => {
    sut = await createTestAppWithTwilio({
      reply: (request) => (request.to === HANGING_NUMBER ? 'hang' : acceptedReply()),
      env: { SMS_TIMEOUT_MS: '60000', ALERT_FIRST_ATTEMPT_WAIT_MS: '60000' },
      // Should the test fail before it ends the hang, the app's close would otherwise wait out the minute.
      closeTwilioFirst: true,
    });
    fake = sut.twilio;
  });
  afterAll(async () => {
    await sut?.close();
  });

  const withContact = async (name: string, phone: string): Promise<TestUser> => {
    const user = await createTestUser(sut, name);
    await addContact(sut, user, phone);
    return user;
  };
  const raise = (user: TestUser) => raiseAlert(sut, user);

  it('leaves another person’s SOS unaffected: it is sent and answered while the first still hangs', async () => {
    const first = await withContact('Hanging Person', HANGING_NUMBER);
    const second = await withContact('Other Person', OTHER_NUMBER);

    const firstAnswer = raise(first);
    await fake.waitForRequests(1);
    expect(fake.requests.map((r) => r.to)).toEqual([HANGING_NUMBER]);

    const res = await raise(second);
    expect(res.statusCode).toBe(201);
    const detail = res.json<AlertDetail>();
    expect(detail.deliveries.map((d) => [d.recipient, d.status])).toEqual([[OTHER_NUMBER, 'sent']]);
    expect(detail.summary).toEqual({ successful: 1, total: 1 });
    expect(fake.delivered.map((r) => r.to)).toContain(OTHER_NUMBER);

    // The first request is still open: its delivery is being sent, not failed or retried.
    const { rows } = await sut.db.query<{ status: string }>(
      `SELECT d.status FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id WHERE a.user_id = $1`,
      [first.id],
    );
    expect(rows).toEqual([{ status: 'sending' }]);

    // Ending the hang (the provider drops the connection) lets the first SOS answer, as a retry to come.
    await fake.close();
    const firstRes = await firstAnswer;
    expect(firstRes.statusCode).toBe(201);
    expect(firstRes.json<AlertDetail>().deliveries.map((d) => d.status)).toEqual(['pending']);
  });
});
