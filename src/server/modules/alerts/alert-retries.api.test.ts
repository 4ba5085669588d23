import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlertDetail } from '#shared/schemas/alert';
import {
  acceptedReply,
  type FakeReply,
  type FakeSmsRequest,
  type FakeTwilio,
} from '../../adapters/sms/fake-twilio-server';
import { createTestAppWithTwilio, type TestAppWithTwilio } from '../../testing/test-app';
import { createTestUser, type TestUser } from '../../testing/test-users';
import { smsReference } from '../../adapters/sms/sms-reference';
import { DELIVERY_RETRY } from '../../adapters/channels';
import { DELIVERY_JOB } from './delivery-job';

/** Scripted answers per number: the n-th request to a number gets the n-th reply (the last one repeats). */
const SCRIPTS: Record<string, Array<FakeReply | 'ok'>> = {
  '+12015550111': [{ status: 429, json: { code: 20429, message: 'Too Many Requests' } }, 'ok'],
  '+12015550112': [{ status: 500 }, 'ok'],
  '+12015550113': ['hang', 'ok'],
  '+12015550114': [{ status: 400, json: { code: 21211, message: 'Invalid To number' } }],
  '+12015550115': [{ status: 503 }],
};

function scripted(request: FakeSmsRequest): FakeReply {
  const script = SCRIPTS[request.to] ?? ['ok'];
  const reply = script[Math.min(request.attempt, script.length) - 1]!;
  return reply === 'ok' ? acceptedReply() : reply;
}

describe('alert deliveries through a Twilio-compatible provider', () => {
  let fake: FakeTwilio;
  let sut: TestAppWithTwilio;
  let user: TestUser;

  beforeAll(async () => {
    // The fake stamps its messages with the app's clock, which the tests move by hours.
    sut = await createTestAppWithTwilio({
      reply: scripted,
      stampWithAppClock: true,
      env: {
        // Generous: a loaded CI machine must not turn a slow answer into a time-out.
        SMS_TIMEOUT_MS: '2000',
        ALERT_FIRST_ATTEMPT_WAIT_MS: '5000',
      },
    });
    fake = sut.twilio;
  });
  // A fresh person per test: tests move the clock by hours, past an access token's life.
  beforeEach(async () => {
    user = await createTestUser(sut, 'Retry Person');
  });
  afterEach(() => {
    fake.requests.length = 0;
    fake.delivered.length = 0;
    fake.lookups.length = 0;
  });
  afterAll(async () => {
    await sut?.close();
  });

  const setContacts = async (phones: string[]): Promise<void> => {
    for (const [i, phone] of phones.entries()) {
      const res = await sut.app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers: user.headers,
        payload: { name: `Contact ${i + 1}`, phone },
      });
      expect(res.statusCode).toBe(201);
    }
  };
  const getAlert = async (id: string): Promise<AlertDetail> =>
    (await sut.app.inject({ method: 'GET', url: `/api/alerts/${id}`, headers: user.headers })).json();
  const nextAttemptOffsets = (alert: AlertDetail): Record<string, number | null> =>
    Object.fromEntries(
      alert.deliveries.map((d) => [
        d.recipient,
        d.next_attempt_at ? new Date(d.next_attempt_at).getTime() - sut.clock.now().getTime() : null,
      ]),
    );
  const statuses = (alert: AlertDetail): Record<string, string> =>
    Object.fromEntries(alert.deliveries.map((d) => [d.recipient, `${d.status}/${d.attempts}`]));

  it('retries 429, 5xx and time-outs with backoff, and fails a refused number at once', async () => {
    await setContacts(['+12015550111', '+12015550112', '+12015550113', '+12015550114']);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual' },
    });
    expect(res.statusCode).toBe(201);
    const first: AlertDetail = res.json();
    expect(first.summary).toEqual({ successful: 0, total: 4 });
    expect(statuses(first)).toEqual({
      '+12015550111': 'pending/1',
      '+12015550112': 'pending/1',
      '+12015550113': 'pending/1',
      '+12015550114': 'failed/1',
    });
    expect(first.deliveries.map((d) => d.last_error)).toEqual([
      'The SMS provider is busy (20429: Too Many Requests)',
      'The SMS provider had a problem (500: HTTP 500)',
      'The SMS provider did not answer in time',
      'The SMS provider refused the message (21211: Invalid To number)',
    ]);
    // The first retry waits 5 s ± 20 %.
    for (const offset of Object.values(nextAttemptOffsets(first)).filter((o) => o !== null)) {
      expect(offset).toBeGreaterThanOrEqual(4000);
      expect(offset).toBeLessThanOrEqual(6000);
    }
    // Every text carried its delivery's reference, to the account's Messages endpoint.
    for (const delivery of first.deliveries) {
      const sent = fake.requests.filter((r) => r.to === delivery.recipient);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((r) => r.body.endsWith(`\nRef ${smsReference(delivery.id)}`))).toBe(true);
    }
    expect(
      fake.requests.every(
        (r) => r.path === '/2010-04-01/Accounts/AC00000000000000000000000000000000/Messages.json',
      ),
    ).toBe(true);

    // Not due yet: nothing is sent.
    sut.clock.advance(3900);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(fake.requests).toHaveLength(4);

    // Due: the three retryable ones go again and succeed; the refused one is never retried.
    sut.clock.advance(2200);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const after = await getAlert(first.alert.id);
    expect(statuses(after)).toEqual({
      '+12015550111': 'sent/2',
      '+12015550112': 'sent/2',
      '+12015550113': 'sent/2',
      '+12015550114': 'failed/1',
    });
    expect(after.summary).toEqual({ successful: 3, total: 4 });
    expect(after.deliveries.slice(0, 3).every((d) => d.last_error === null && d.sent_at !== null)).toBe(true);
    expect(fake.requests.filter((r) => r.to === '+12015550114')).toHaveLength(1);
    // The number whose first request hung (Twilio took it, the answer never came) was not texted again: the
    // retry found the text's reference in the provider's message list and recorded it as sent.
    expect(fake.lookups.map((query) => query.get('To'))).toContain('+12015550113');
    expect(fake.requests.filter((r) => r.to === '+12015550113')).toHaveLength(1);
    expect(fake.delivered.filter((r) => r.to === '+12015550113')).toHaveLength(1);
    // The ones the provider refused with 429 and 500 were looked up, not found, and sent again.
    expect(fake.requests.filter((r) => r.to === '+12015550111')).toHaveLength(2);
    expect(fake.requests.filter((r) => r.to === '+12015550112')).toHaveLength(2);
  });

  it('backs off further after each failure and gives up as failed within the hour', async () => {
    await setContacts(['+12015550115']);
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'panic' },
    });
    const alertId: string = res.json().alert.id;
    const waits: number[] = [];
    let alert = await getAlert(alertId);
    for (let round = 0; round < 20 && alert.deliveries[0]!.status !== 'failed'; round++) {
      const wait = nextAttemptOffsets(alert)['+12015550115']!;
      waits.push(wait);
      sut.clock.advance(wait);
      await sut.app.scheduler.runNow(DELIVERY_JOB);
      alert = await getAlert(alertId);
    }
    const delivery = alert.deliveries[0]!;
    expect(delivery).toMatchObject({
      status: 'failed',
      next_attempt_at: null,
      last_error: 'The SMS provider had a problem (503: HTTP 503)',
    });
    expect(delivery.attempts).toBeLessThanOrEqual(DELIVERY_RETRY.maxAttempts);
    const mine = () => fake.requests.filter((r) => r.to === '+12015550115');
    expect(mine()).toHaveLength(delivery.attempts);
    // Each wait is the schedule's step within ±20 %: 5 s, 15 s, 45 s, 2 min, 5 min, 10 min…
    waits.forEach((wait, i) => {
      const base = DELIVERY_RETRY.backoffMs[Math.min(i, DELIVERY_RETRY.backoffMs.length - 1)]!;
      expect(wait).toBeGreaterThanOrEqual(base * 0.8);
      expect(wait).toBeLessThanOrEqual(base * 1.2);
    });
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DELIVERY_RETRY.giveUpAfterMs);
    // Nothing more happens afterwards.
    sut.clock.advance(60 * 60_000);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(mine()).toHaveLength(delivery.attempts);
  });

  it('hands a delivery back when its worker died mid-send (lease expiry) and does not text again what the provider took', async () => {
    await setContacts(['+12015550116']);
    // Simulate a worker that claimed the job, marked the delivery sending and died while its lease still runs.
    const res = await sut.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: user.headers,
      payload: { triggerType: 'manual' },
    });
    const alert: AlertDetail = res.json();
    expect(alert.summary.successful).toBe(1);
    const id = alert.deliveries[0]!.id;
    await sut.db.query("UPDATE alert_deliveries SET status = 'sending', sent_at = NULL WHERE id = $1", [id]);
    await sut.db.query(
      `UPDATE scheduled_jobs SET status = 'running', locked_until = $3
        WHERE kind = $1 AND key = $2`,
      [DELIVERY_JOB, id, new Date(sut.clock.now().getTime() + 30_000)],
    );
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const mine = () => fake.requests.filter((r) => r.to === '+12015550116');
    expect(mine()).toHaveLength(1); // still leased
    sut.clock.advance(31_000);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    expect(statuses(await getAlert(alert.alert.id))).toEqual({ '+12015550116': 'sent/2' });
    expect(mine()).toHaveLength(1);
    expect(fake.delivered.filter((r) => r.to === '+12015550116')).toHaveLength(1);
  });

  it('does not expose the dev SMS outbox while a real provider is configured', async () => {
    const res = await sut.app.inject({ method: 'GET', url: '/api/dev/sms-outbox', headers: user.headers });
    expect(res.statusCode).toBe(404);
  });
});
