/**
 * The escalation ladder with two server instances on one database (on PostgreSQL each with its own connection
 * pools, as two processes would have): both run the steps at once, and each step of each alert happens once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_ESCALATION } from '#shared/alert-life';
import { createTestUserWithContacts, raiseAlert } from '../../testing/test-alerts';
import { createTwoTestApps, type TestApp } from '../../testing/test-app';
import { DELIVERY_JOB } from './delivery-job';
import { ESCALATION_JOB } from './escalation-job';

const ENV = { ALERT_FIRST_ATTEMPT_WAIT_MS: '0' };
const { defaultSeconds, repeatEverySeconds, callAfterSeconds, maxRounds } = ALERT_ESCALATION;

describe('escalation across server instances', () => {
  let apps: Awaited<ReturnType<typeof createTwoTestApps>>;
  let one: TestApp;
  let two: TestApp;
  let clock: TestApp['clock'];
  beforeAll(async () => {
    apps = await createTwoTestApps(ENV);
    ({ one, two, clock } = apps);
  });
  afterAll(() => apps?.close());

  /** Both instances run the due steps at once, a few rounds (a step due right after another comes next round). */
  const runBoth = async (): Promise<void> => {
    for (let round = 0; round < 3; round++) {
      await Promise.all([one.app.scheduler.runNow(ESCALATION_JOB), two.app.scheduler.runNow(ESCALATION_JOB)]);
    }
    await Promise.all([one.app.scheduler.runNow(DELIVERY_JOB), two.app.scheduler.runNow(DELIVERY_JOB)]);
    await Promise.all([one.app.idle(), two.app.idle()]);
  };

  it('take each step of each alert once', async () => {
    const alertIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const sut = i % 2 === 0 ? one : two;
      const user = await createTestUserWithContacts(sut, `Walker ${i}`, [
        { phone: `+1201555010${i}` },
        { phone: `+1201555020${i}`, name: 'Dad' },
      ]);
      const res = await raiseAlert(sut, user);
      expect(res.statusCode).toBe(201);
      alertIds.push(res.json<{ alert: { id: string } }>().alert.id);
    }
    clock.advance(defaultSeconds * 1000);
    await runBoth();
    clock.advance(callAfterSeconds * 1000);
    await runBoth();
    for (let round = 2; round <= maxRounds; round++) {
      clock.advance((repeatEverySeconds - callAfterSeconds) * 1000);
      await runBoth();
      clock.advance(callAfterSeconds * 1000);
      await runBoth();
    }

    for (const [i, alertId] of alertIds.entries()) {
      const { rows } = await one.db.query<{ escalation_round: number; channel: string; recipient: string }>(
        `SELECT escalation_round, channel, recipient FROM alert_deliveries
         WHERE alert_id = $1 AND purpose = 'escalation' ORDER BY escalation_round, channel, recipient`,
        [alertId],
      );
      const expected = Array.from({ length: maxRounds }, (_, r) => [
        [r + 1, 'sms', `+1201555010${i}`],
        [r + 1, 'sms', `+1201555020${i}`],
        [r + 1, 'voice', `+1201555010${i}`],
      ]).flat();
      expect(rows.map((row) => [row.escalation_round, row.channel, row.recipient])).toEqual(expected);
      const timeline = await one.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM alert_timeline WHERE alert_id = $1 AND kind = 'escalated'`,
        [alertId],
      );
      expect(timeline.rows[0]!.n).toBe(2 * maxRounds);
      const texts = await one.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM dev_outbox d JOIN alert_deliveries a ON a.id::text = d.idempotency_key
         WHERE a.alert_id = $1 AND a.purpose = 'escalation'`,
        [alertId],
      );
      // Two texts and one call a round, each kept once by the dev outbox.
      expect(texts.rows[0]!.n).toBe(3 * maxRounds);
    }
  });
});
