import { afterEach, describe, expect, it } from 'vitest';
import { SMS_BUDGET } from '#shared/constants';
import type { AlertDelivery, RaiseAlertResponse } from '#shared/schemas/alert';
import { HELD_TEXT_REASONS } from '#shared/texts';
import { manualClock } from '../../adapters/clock';
import { devOutboxMailer } from '../../adapters/mail/dev-outbox-mailer';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { addContact, raiseAlert, resolveAlert } from '../../testing/test-alerts';
import type { TestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { createTestUser, signInAgain, type TestUser } from '../../testing/test-users';
import { DELIVERY_JOB } from './delivery-job';

type LogLine = { level: number; msg: string; [key: string]: unknown };
const ERROR_LEVEL = 50;
const HOUR_MS = 3_600_000;

/** A test app whose log lines are kept (the breaker must be logged loudly), with extra environment. */
async function appWithLog(env: Record<string, string> = {}): Promise<TestApp & { logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const db = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'test-secret-test-secret-test-secret!',
    ...env,
  });
  // Early in a clock hour, so no test's hour ends half-way.
  const clock = manualClock(new Date('2026-03-02T10:05:00Z'));
  const app = await buildApp({
    config,
    db,
    clock,
    logger: createLogger('warn', { write: (chunk: string) => void logs.push(JSON.parse(chunk) as LogLine) }),
    mailer: devOutboxMailer(db),
  });
  await app.ready();
  return {
    app,
    db,
    clock,
    config,
    logs,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** `count` real numbers (+1 201 555 xxxx) from `first` on. */
const numbers = (first: number, count: number): string[] =>
  Array.from({ length: count }, (_, i) => `+1201555${String(first + i).padStart(4, '0')}`);

/** A new, unconfirmed account with these contacts. */
async function personWith(sut: TestApp, name: string, phones: readonly string[]): Promise<TestUser> {
  const user = await createTestUser(sut, name);
  for (const [i, phone] of phones.entries()) await addContact(sut, user, phone, `${name} contact ${i + 1}`);
  return user;
}

/** An SOS (201, a new alert) followed by "I'm safe": one raise/"I'm safe" cycle. Answers the raise. */
async function sosCycle(sut: TestApp, user: TestUser): Promise<RaiseAlertResponse> {
  const res = await raiseAlert(sut, user);
  expect(res.statusCode, res.body).toBe(201);
  const raised = res.json<RaiseAlertResponse>();
  await resolveAlert(sut, user, raised.alert.id);
  return raised;
}

const textsOf = (raised: RaiseAlertResponse): AlertDelivery[] =>
  raised.deliveries.filter((d) => d.purpose === 'alert' && d.channel === 'sms');

/** Alert texts (not all-clears) the dev outbox holds for `phone`. */
const sosTextsTo = async (sut: TestApp, phone: string): Promise<number> =>
  (
    await sut.db.query(
      "SELECT 1 FROM dev_outbox WHERE recipient = $1 AND body NOT LIKE '%says they are safe now%'",
      [phone],
    )
  ).rows.length;

const heldReasons = async (sut: TestApp, userIds: readonly string[]): Promise<Record<string, number>> => {
  const { rows } = await sut.db.query<{ held_reason: string | null; count: number }>(
    `SELECT d.held_reason, count(*)::int AS count FROM alert_deliveries d JOIN alerts a ON a.id = d.alert_id
     WHERE a.user_id = ANY($1::uuid[]) AND d.purpose = 'alert' AND d.channel = 'sms' GROUP BY d.held_reason`,
    [userIds],
  );
  return Object.fromEntries(rows.map((row) => [row.held_reason ?? 'not held', row.count]));
};

describe('SMS limits: no account can hold back another person’s SOS, nor the person’s own history', () => {
  let sut: (TestApp & { logs: LogLine[] }) | undefined;
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  it("twelve fresh accounts trip the global breaker; the next person's SOS still texts every contact", async () => {
    const breaker = 100;
    sut = await appWithLog({ SMS_GLOBAL_MAX_PER_HOUR: String(breaker), ALERT_FIRST_ATTEMPT_WAIT_MS: '0' });
    const app = sut;
    // The attack: 12 accounts (no e-mail confirmation), 10 numbers each, SOS after SOS (ended in between, as an
    // SOS while one is open only joins it) until each has asked for more texts than its own hourly budget, so
    // both limits are reached: each account's budget and, with 12 of them, the global breaker.
    const attackers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => personWith(app, `Attacker ${i}`, numbers(1000 + i * 10, 10))),
    );
    const rounds = SMS_BUDGET.newTextsPerHour / 10 + 1;
    expect(attackers.length * SMS_BUDGET.newTextsPerHour).toBeGreaterThan(breaker);
    for (let round = 0; round < rounds; round++) {
      for (const attacker of attackers) await sosCycle(app, attacker);
    }
    await app.app.scheduler.runNow(DELIVERY_JOB);

    // Each attacker's texts were bounded by its own budget, and the breaker shed the heavy senders' texts.
    const held = await heldReasons(
      app,
      attackers.map((a) => a.id),
    );
    expect(held['not held']).toBeLessThanOrEqual(attackers.length * SMS_BUDGET.newTextsPerHour);
    expect(held.global_breaker).toBeGreaterThan(0);
    const errors = app.logs.filter((line) => line.level >= ERROR_LEVEL);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.msg).toContain('SMS global breaker tripped');
    expect(JSON.stringify(errors)).not.toMatch(/201555|Attacker/);

    // The next real person's SOS: nothing held, every contact texted.
    const victim = await personWith(app, 'Vera Victim', ['+447400123456', '+447400123457']);
    const raised = await raiseAlert(app, victim);
    expect(raised.statusCode).toBe(201);
    expect(textsOf(raised.json<RaiseAlertResponse>()).map((d) => d.held_reason)).toEqual([
      undefined,
      undefined,
    ]);
    await app.app.scheduler.runNow(DELIVERY_JOB);
    expect(await sosTextsTo(app, '+447400123456')).toBe(1);
    expect(await sosTextsTo(app, '+447400123457')).toBe(1);
  }, 240_000);

  it("sheds only a heavy sender's later texts while over the breaker; a light sender's go out", async () => {
    sut = await appWithLog({ SMS_GLOBAL_MAX_PER_HOUR: '3' });
    const heavy = await personWith(sut, 'Hal Heavy', numbers(150, 10));
    const light = await personWith(sut, 'Lea Light', ['+447400123456']);
    const heavyLine = Math.floor(SMS_BUDGET.newTextsPerHour * SMS_BUDGET.heavyShare);

    // The account's only alert of the hour: all ten go, far past the breaker's 3.
    const first = await sosCycle(sut, heavy);
    expect(textsOf(first).every((d) => d.status === 'kept_in_dev_outbox')).toBe(true);
    expect(sut.logs.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);

    // Its second: texts up to the heavy line go, those past it are shed, and the person is told why.
    const second = await sosCycle(sut, heavy);
    const shed = textsOf(second).filter((d) => d.held_reason === 'global_breaker');
    expect(shed).toHaveLength(20 - heavyLine);
    expect(shed[0]).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: HELD_TEXT_REASONS.global_breaker,
    });
    const errors = sut.logs.filter((line) => line.level >= ERROR_LEVEL);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ heldTexts: 20 - heavyLine, globalMaxPerHour: 3 });
    expect(JSON.stringify(errors[0])).not.toMatch(/2015550|Hal Heavy/);

    // A light sender's first and later alerts go out whatever the heavy one did.
    for (let i = 0; i < 3; i++) {
      expect(textsOf(await sosCycle(sut, light)).map((d) => d.status)).toEqual(['kept_in_dev_outbox']);
    }

    // POST /api/send-emergency-sms answers the same way: which number, and why.
    const sms = await sut.app.inject({
      method: 'POST',
      url: '/api/send-emergency-sms',
      headers: heavy.headers,
      payload: { message: 'Help', phoneNumbers: numbers(150, 10) },
    });
    expect(sms.statusCode).toBe(200);
    expect(sms.json().results[9]).toEqual({
      phoneNumber: numbers(159, 1)[0],
      success: false,
      status: 'failed',
      error: HELD_TEXT_REASONS.global_breaker,
      heldReason: 'global_breaker',
    });
  }, 120_000);

  it("holds a new account's texts past its hourly budget, a confirmed account's later; the next hour's SOS sends them", async () => {
    sut = await appWithLog();
    const contacts = numbers(200, 10);
    const fresh = await personWith(sut, 'Nia New', contacts);
    const alertsInBudget = SMS_BUDGET.newTextsPerHour / contacts.length;
    for (let i = 0; i < alertsInBudget; i++) {
      expect(textsOf(await sosCycle(sut, fresh)).every((d) => !d.held_reason)).toBe(true);
    }
    const over = await raiseAlert(sut, fresh);
    expect(over.statusCode).toBe(201);
    const held = over.json<RaiseAlertResponse>();
    expect(textsOf(held).map((d) => d.held_reason)).toEqual(contacts.map(() => 'sender_hourly_budget'));
    expect(textsOf(held)[0]!.last_error).toBe(HELD_TEXT_REASONS.sender_hourly_budget);
    expect(sut.logs.some((line) => line.msg.includes('used up their hourly budget'))).toBe(true);

    // An hour later the alert is still open: pressing SOS again joins it and sends the held texts, once.
    sut.clock.advance(HOUR_MS);
    const again = await raiseAlert(sut, await signInAgain(sut, fresh));
    expect(again.statusCode).toBe(200);
    const joined = again.json<RaiseAlertResponse>();
    expect(joined).toMatchObject({ outcome: 'joined', alert: { id: held.alert.id } });
    expect(textsOf(joined).map((d) => [d.status, d.held_reason])).toEqual(
      contacts.map(() => ['kept_in_dev_outbox', undefined]),
    );
    expect(await sosTextsTo(sut, contacts[0]!)).toBe(alertsInBudget + 1);

    // A confirmed account has the larger budget: the same fourth alert goes out.
    const confirmed = await personWith(sut, 'Cam Confirmed', numbers(300, 10));
    await sut.db.query('UPDATE users SET email_confirmed_at = $2 WHERE id = $1', [
      confirmed.id,
      sut.clock.now(),
    ]);
    for (let i = 0; i <= alertsInBudget; i++) {
      expect(textsOf(await sosCycle(sut, confirmed)).every((d) => !d.held_reason)).toBe(true);
    }
  }, 120_000);

  it("another account saving your contact's number and raising 10 SOS does not hold back your SOS to it", async () => {
    sut = await appWithLog();
    const mum = '+447400123456';
    const victim = await personWith(sut, 'Vic Victim', [mum]);
    const stalker = await personWith(sut, 'Sal Stalker', [mum]);
    for (let i = 0; i < 10; i++) await sosCycle(sut, stalker);

    const raised = await raiseAlert(sut, victim);
    expect(raised.statusCode).toBe(201);
    expect(textsOf(raised.json<RaiseAlertResponse>())).toMatchObject([
      { recipient: mum, status: 'kept_in_dev_outbox' },
    ]);
    expect(textsOf(raised.json<RaiseAlertResponse>())[0]).not.toHaveProperty('held_reason');
    expect(await sosTextsTo(sut, mum)).toBe(11);
  }, 120_000);

  it('10 raise/"I\'m safe" cycles in an hour: every SOS text goes out, all-clears count toward nothing', async () => {
    sut = await appWithLog();
    const family = ['+447400123456', '+447400123457', '+447400123458'];
    const person = await personWith(sut, 'Pat Prolonged', family);
    for (let cycle = 1; cycle <= 10; cycle++) {
      const raised = await sosCycle(sut, person);
      expect(raised.outcome).toBe('created');
      expect(
        textsOf(raised).map((d) => d.status),
        `cycle ${cycle}`,
      ).toEqual(family.map(() => 'kept_in_dev_outbox'));
      sut.clock.advance(60_000);
    }
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    for (const phone of family) {
      expect(await sosTextsTo(sut, phone)).toBe(10);
      const { rows } = await sut.db.query(
        "SELECT 1 FROM dev_outbox WHERE recipient = $1 AND body LIKE '%says they are safe now%'",
        [phone],
      );
      expect(rows).toHaveLength(10);
    }
    expect(await heldReasons(sut, [person.id])).toEqual({ 'not held': 30 });
  }, 120_000);
});
