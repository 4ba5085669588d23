import { afterEach, describe, expect, it } from 'vitest';
import { SMS_CAPS } from '#shared/constants';
import type { AlertDetail } from '#shared/schemas/alert';
import { HELD_TEXT_REASONS } from '#shared/texts';
import { manualClock } from '../../adapters/clock';
import { devOutboxMailer } from '../../adapters/mail/dev-outbox-mailer';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import type { TestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { createTestUser, signInAgain } from '../../testing/test-users';
import { DELIVERY_JOB } from './delivery-job';

type LogLine = { level: number; msg: string; [key: string]: unknown };
const ERROR_LEVEL = 50;

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

const textsTo = async (sut: TestApp, number: string): Promise<number> =>
  (await sut.db.query('SELECT 1 FROM dev_outbox WHERE recipient = $1', [number])).rows.length;

const jobsFor = async (sut: TestApp, deliveryId: string): Promise<number> =>
  (
    await sut.db.query('SELECT 1 FROM scheduled_jobs WHERE kind = $1 AND key = $2', [
      DELIVERY_JOB,
      deliveryId,
    ])
  ).rows.length;

const deliveryTo = (detail: AlertDetail, number: string) =>
  detail.deliveries.find((d) => d.recipient === number)!;

describe('SMS caps: a number and the whole service have hourly limits; an SOS is never refused', () => {
  let sut: (TestApp & { logs: LogLine[] }) | undefined;
  afterEach(async () => {
    await sut?.close();
    sut = undefined;
  });

  it(`holds back the text to a number that got ${SMS_CAPS.textsPerNumberPerHour} this hour, across accounts`, async () => {
    sut = await appWithLog();
    const shared = '+12015550140';
    const other = '+12015550141';
    const ann = await createTestUser(sut, 'Ann Sender');
    const ben = await createTestUser(sut, 'Ben Sender');
    await addContact(sut, ann, shared, 'Shared Friend');
    await addContact(sut, ann, other, 'Other Friend');
    await addContact(sut, ben, shared, 'Shared Friend');
    for (let i = 0; i < SMS_CAPS.textsPerNumberPerHour; i++) {
      expect((await raiseAlert(sut, i % 2 === 0 ? ann : ben)).statusCode).toBe(201);
    }
    expect(await textsTo(sut, shared)).toBe(SMS_CAPS.textsPerNumberPerHour);

    // Ann's next SOS is raised; only the text to the number over its cap is held back, and she is told why.
    const held = await raiseAlert(sut, ann);
    expect(held.statusCode).toBe(201);
    const detail = held.json<AlertDetail>();
    expect(deliveryTo(detail, shared)).toMatchObject({
      recipient_name: 'Shared Friend',
      status: 'failed',
      attempts: 0,
      held_reason: 'number_hourly_cap',
      last_error: HELD_TEXT_REASONS.number_hourly_cap,
    });
    expect(deliveryTo(detail, other)).toMatchObject({ status: 'kept_in_dev_outbox' });
    expect(deliveryTo(detail, other)).not.toHaveProperty('held_reason');
    expect(detail.summary).toEqual({ successful: 0, total: 2 });
    expect(await jobsFor(sut, deliveryTo(detail, shared).id)).toBe(0);
    // Ben's SOS is raised too, with nothing sent to the capped number.
    expect(deliveryTo((await raiseAlert(sut, ben)).json<AlertDetail>(), shared).held_reason).toBe(
      'number_hourly_cap',
    );
    expect(await textsTo(sut, shared)).toBe(SMS_CAPS.textsPerNumberPerHour);
    expect(sut.logs.some((line) => line.msg.includes('per-number hourly cap'))).toBe(true);

    // The next clock hour the number may be texted again.
    sut.clock.advance(60 * 60_000);
    const later = await raiseAlert(sut, await signInAgain(sut, ben));
    expect(deliveryTo(later.json<AlertDetail>(), shared)).toMatchObject({ status: 'kept_in_dev_outbox' });
  }, 90_000);

  it('trips the global breaker: holds texts back, logs an error without personal data, tells the person', async () => {
    sut = await appWithLog({ SMS_GLOBAL_MAX_PER_HOUR: '3' });
    const cat = await createTestUser(sut, 'Cat Sender');
    const numbers = ['+12015550150', '+12015550151'];
    await addContact(sut, cat, numbers[0]!, 'First Friend');
    await addContact(sut, cat, numbers[1]!, 'Second Friend');
    expect((await raiseAlert(sut, cat)).json<AlertDetail>().summary).toEqual({ successful: 0, total: 2 });
    expect(sut.logs.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);

    const second = await raiseAlert(sut, cat);
    expect(second.statusCode).toBe(201);
    const detail = second.json<AlertDetail>();
    expect(deliveryTo(detail, numbers[0]!).status).toBe('kept_in_dev_outbox');
    expect(deliveryTo(detail, numbers[1]!)).toMatchObject({
      recipient_name: 'Second Friend',
      status: 'failed',
      held_reason: 'global_breaker',
      last_error: HELD_TEXT_REASONS.global_breaker,
    });

    const errors = sut.logs.filter((line) => line.level >= ERROR_LEVEL);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ heldTexts: 1, globalMaxPerHour: 3 });
    expect(errors[0]!.msg).toContain('SMS global breaker tripped');
    expect(JSON.stringify(errors[0])).not.toMatch(/2015550|Cat Sender|First Friend|Second Friend/);

    // POST /api/send-emergency-sms answers the same way: which number, and why.
    const sms = await sut.app.inject({
      method: 'POST',
      url: '/api/send-emergency-sms',
      headers: cat.headers,
      payload: { message: 'Help', phoneNumbers: numbers },
    });
    expect(sms.statusCode).toBe(200);
    expect(sms.json().results).toEqual([
      {
        phoneNumber: numbers[0],
        success: false,
        status: 'failed',
        error: HELD_TEXT_REASONS.global_breaker,
        heldReason: 'global_breaker',
      },
      {
        phoneNumber: numbers[1],
        success: false,
        status: 'failed',
        error: HELD_TEXT_REASONS.global_breaker,
        heldReason: 'global_breaker',
      },
    ]);
    expect(await textsTo(sut, numbers[1]!)).toBe(1);
  }, 90_000);
});
