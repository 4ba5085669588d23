import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutboxSmsProvider } from '../../adapters/sms/dev-outbox-sms-provider';
import { GAVE_UP_ERROR } from '../../scheduler/jobs';
import { addContact, raiseAlert } from '../../testing/test-alerts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTestUser } from '../../testing/test-users';
import { DELIVERY_RETRY } from '../../adapters/channels';
import { DELIVERY_JOB } from './delivery-job';
import { findMeetingPhoto, insertMeeting, meetingViews } from './meeting-repository';
import * as repo from './repository';

describe('alert deliveries as jobs', () => {
  let sut: TestApp;
  beforeAll(async () => {
    sut = await createTestApp({ SCHEDULER_ENABLED: 'true' });
  });
  afterAll(() => sut?.close());

  it('fails a delivery whose every attempt died with its worker, instead of looping forever', async () => {
    const user = await createTestUser(sut);
    await addContact(sut, user, '+12015550128');
    const raised = await raiseAlert(sut, user);
    expect(raised.statusCode, raised.body).toBe(201);
    const alertId = raised.json<{ alert: { id: string } }>().alert.id;
    // Every attempt "crashed": the job used them all up and its last lease ran out.
    await sut.db.query(
      `UPDATE scheduled_jobs SET status = 'running', attempts = $2, locked_until = $3, last_error = NULL
       WHERE kind = $4 AND key IN (SELECT id::text FROM alert_deliveries WHERE alert_id = $1)`,
      [alertId, DELIVERY_RETRY.maxAttempts, new Date(sut.clock.now().getTime() - 1), DELIVERY_JOB],
    );
    await sut.db.query("UPDATE alert_deliveries SET status = 'sending' WHERE alert_id = $1", [alertId]);
    await sut.app.scheduler.runNow(DELIVERY_JOB);
    const [delivery] = await repo.listDeliveries(sut.db, [alertId]);
    expect(delivery).toMatchObject({ status: 'failed', last_error: GAVE_UP_ERROR });
  });

  it('the dev outbox stores a resent text (same idempotency key) once', async () => {
    const sms = devOutboxSmsProvider(sut.db, sut.clock);
    const message = { to: '+12015550133', body: 'Help', idempotencyKey: 'dev-outbox-once' };
    const first = await sms.send(message);
    const again = await sms.send(message);
    expect(again).toEqual(first);
    const { rows } = await sut.db.query("SELECT 1 FROM dev_outbox WHERE idempotency_key = 'dev-outbox-once'");
    expect(rows).toHaveLength(1);
  });

  it('keeps a meeting’s photo byte for byte, and one meeting per alert', async () => {
    const user = await createTestUser(sut);
    await addContact(sut, user, '+12015550134');
    const raised = await raiseAlert(sut, user);
    const alertId = raised.json<{ alert: { id: string } }>().alert.id;
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const meeting = {
      person: 'Sam',
      location: 'Café Rio',
      startAt: new Date('2026-01-16T00:30:00Z'),
      endAt: null,
      notes: '',
      photo: { bytes, contentType: 'image/png' as const },
    };
    const now = sut.clock.now();
    expect(await insertMeeting(sut.db, alertId, meeting, now)).toBe(true);
    expect(await insertMeeting(sut.db, alertId, { ...meeting, person: 'Other', photo: null }, now)).toBe(
      false,
    );
    const photo = await findMeetingPhoto(sut.db, alertId);
    expect(photo?.contentType).toBe('image/png');
    expect(Buffer.isBuffer(photo?.bytes) && photo.bytes.equals(bytes)).toBe(true);
    expect((await meetingViews(sut.db, [alertId])).get(alertId)).toEqual({
      person: 'Sam',
      location: 'Café Rio',
      startAt: '2026-01-16T00:30:00.000Z',
      endAt: null,
      notes: '',
      hasPhoto: true,
    });
  });
});
