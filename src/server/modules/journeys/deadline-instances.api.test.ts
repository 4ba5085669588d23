/**
 * Deadlines with more than one server, and with none (docs/ARCHITECTURE.md, "The path of a deadline"): two
 * instances on one database (on PostgreSQL each with its own connection pools, as two processes would have)
 * fire a deadline exactly once, and a deadline that passed while every instance was down fires when one starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../adapters/clock';
import { createTestApp, createTwoTestApps, type TestApp } from '../../testing/test-app';
import { createTestUserWithContacts } from '../../testing/test-alerts';
import type { Database } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { signInAgain } from '../../testing/test-users';
import { browserKeys, startPushService } from '../../testing/fake-push-service';
import { CHECK_IN_DEADLINE_JOB, ESCORT_DEADLINE_JOB } from './deadline-job';
import { JOURNEY_LAST_CHANCE_PUSH_JOB, JOURNEY_WARNING_PUSH_JOB } from './reminder-jobs';
import {
  activeEscort,
  alertsOf,
  PAST_FIVE_MINUTE_DEADLINE_MS,
  postAs,
  runDeadlines,
  startCheckIn,
  startEscort,
  textsOf,
} from './journey-test-helpers';

const ENV = { ALERT_FIRST_ATTEMPT_WAIT_MS: '0', PUSH_ALLOW_ANY_ENDPOINT: 'true' };

describe('deadlines across server instances', () => {
  let apps: Awaited<ReturnType<typeof createTwoTestApps>>;
  let one: TestApp;
  let two: TestApp;
  let clock: TestApp['clock'];
  beforeAll(async () => {
    apps = await createTwoTestApps(ENV);
    ({ one, two, clock } = apps);
  });
  afterAll(() => apps?.close());

  const runBoth = async (kind: string): Promise<void> => {
    await Promise.all([one.app.scheduler.runNow(kind), two.app.scheduler.runNow(kind)]);
    await Promise.all([
      one.app.scheduler.runNow('alert-delivery'),
      two.app.scheduler.runNow('alert-delivery'),
    ]);
    await Promise.all([one.app.idle(), two.app.idle()]);
  };

  it('two instances running the deadline at once raise one alert and text each contact once', async () => {
    const users = [];
    for (let i = 0; i < 4; i++) {
      const user = await createTestUserWithContacts(one, `Walker ${i}`, [
        { phone: `+1201555010${i}` },
        { phone: `+1201555020${i}`, name: 'Dad' },
      ]);
      await startEscort(one, user, {
        destination_address: `${i} Market Street`,
        estimated_duration_minutes: 5,
      });
      users.push(user);
    }
    const checker = await createTestUserWithContacts(two, 'Checker', [{ phone: '+12015550300' }]);
    await startCheckIn(two, checker, 5);
    clock.advance(PAST_FIVE_MINUTE_DEADLINE_MS);
    await Promise.all([runBoth(ESCORT_DEADLINE_JOB), runBoth(CHECK_IN_DEADLINE_JOB)]);
    await Promise.all([runBoth(ESCORT_DEADLINE_JOB), runBoth(CHECK_IN_DEADLINE_JOB)]);

    for (const [i, user] of users.entries()) {
      expect(await alertsOf(one, user)).toHaveLength(1);
      const texts = await textsOf(one, user);
      expect(texts.map((text) => text.recipient).sort()).toEqual([`+1201555010${i}`, `+1201555020${i}`]);
      expect(texts[0]!.body).toContain(`Escort to ${i} Market Street was due at`);
    }
    expect(await alertsOf(two, checker)).toHaveLength(1);
    expect(await textsOf(two, checker)).toHaveLength(1);
  });

  it('two instances running the reminders at once push each to the walker’s browser once', async () => {
    const push = await startPushService();
    try {
      const walker = await createTestUserWithContacts(one, 'Reminded', [{ phone: '+12015550400' }]);
      const subscribed = await two.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: walker.headers,
        payload: { endpoint: push.url('/reminded'), keys: browserKeys().keys },
      });
      expect(subscribed.statusCode).toBe(204);
      const escort = await startEscort(one, walker, {
        destination_address: 'Home',
        estimated_duration_minutes: 30,
      });
      const deadline = new Date(escort.deadline_at).getTime();
      clock.set(new Date(deadline - 5 * 60_000));
      await Promise.all([runBoth(JOURNEY_WARNING_PUSH_JOB), runBoth(JOURNEY_WARNING_PUSH_JOB)]);
      expect(push.received).toHaveLength(1);
      clock.set(new Date(deadline));
      await Promise.all([runBoth(JOURNEY_LAST_CHANCE_PUSH_JOB), runBoth(JOURNEY_LAST_CHANCE_PUSH_JOB)]);
      expect(push.received).toHaveLength(2);
      await postAs(one, walker, `/api/escort-sessions/${escort.id}/complete`);
    } finally {
      await new Promise((resolve) => push.server.close(resolve));
    }
  });
});

describe('deadlines that passed while every instance was down', () => {
  let db: Database;
  const clock = manualClock(new Date());
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db?.close());

  it('fire when an instance starts again', async () => {
    const before = await createTestApp(ENV, { db, clock });
    const user = await createTestUserWithContacts(before, 'Jane Doe', [{ phone: '+12015550123' }]);
    await startEscort(before, user, {
      destination_address: '12 Market Street',
      estimated_duration_minutes: 5,
    });
    const checker = await createTestUserWithContacts(before, 'Checker', [{ phone: '+12015550124' }]);
    await startCheckIn(before, checker, 5);
    await before.close();

    clock.advance(2 * 60 * 60_000); // two hours with no server at all
    const after = await createTestApp(ENV, { db, clock });
    try {
      await runDeadlines(after);
      expect(await alertsOf(after, user)).toHaveLength(1);
      const [text] = await textsOf(after, user);
      expect(text!.body).toContain('Escort to 12 Market Street was due at');
      expect(text!.body).toContain('(1 h 55 min overdue)');
      expect(await alertsOf(after, checker)).toHaveLength(1);
      expect(await activeEscort(after, await signInAgain(after, user))).toMatchObject({ status: 'expired' });
    } finally {
      await after.close();
    }
  });
});
